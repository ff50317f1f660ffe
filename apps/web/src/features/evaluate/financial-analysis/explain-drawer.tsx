import { Alert, Button, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useDownloadCellClaims, useExplainCell } from '../../../entities/pricing/index.ts';
import { describeError } from '../../../shared/notifications/notify.ts';

export interface ExplainDrawerProps {
  opportunityId: number;
  fileId: number;
  cell: { column: string; row: string } | null;
  /** A saved iteration shown as saved: its cells are explained from its own grid. */
  iteration?: number;
  onClose: () => void;
}

const figure = (v: number | string) => (typeof v === 'number' ? v.toLocaleString('en-US') : v);

/**
 * "How this was computed" (issue 19 "Explain any number"): the formula, the terms it used, the
 * claim counts, and a download of the claims behind the cell, each repriced under its column.
 */
export function ExplainDrawer({
  opportunityId,
  fileId,
  cell,
  iteration,
  onClose,
}: ExplainDrawerProps) {
  const explain = useExplainCell(opportunityId, fileId, cell, iteration);
  const download = useDownloadCellClaims(opportunityId, fileId, iteration);
  const data = explain.data;
  return (
    <Drawer
      open={cell !== null}
      onClose={onClose}
      width={520}
      title={data ? `${data.label} — ${data.columnName}` : 'How this was computed'}
      extra={
        cell && (
          <Button loading={download.isPending} onClick={() => download.mutate(cell)}>
            Download Claims
          </Button>
        )
      }
    >
      {explain.isError ? (
        <Alert type="error" showIcon title={describeError(explain.error).description} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph className="explain__value">
            Value: <strong>{figure(data.value)}</strong>
          </Typography.Paragraph>
          <Typography.Title level={4}>Formula</Typography.Title>
          <Typography.Paragraph>{data.formula}</Typography.Paragraph>
          {data.terms.length > 0 && (
            <>
              <Typography.Title level={4}>Terms used</Typography.Title>
              <Descriptions
                size="small"
                bordered
                column={1}
                items={data.terms.map((t, i) => ({
                  key: String(i),
                  label: t.name,
                  children: figure(t.value),
                }))}
              />
            </>
          )}
          <Typography.Title level={4}>Claims</Typography.Title>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'cell', label: 'Behind this cell', children: figure(data.claimCounts.inCell) },
              { key: 'repriced', label: 'Repriced', children: figure(data.claimCounts.repriced) },
              { key: 'excluded', label: 'Excluded', children: figure(data.claimCounts.excluded) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
