import { useState } from 'react';
import { Alert, Button, Skeleton, Space, Table } from 'antd';
import {
  formatDate,
  type FaIterationRow,
  type FootNote,
  type GridColumnAnswer,
} from '@pillar/domain';
import {
  useDownloadProposal,
  useFaIteration,
  useFaIterations,
} from '../../../entities/claims-file/index.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { PricingScreen, type ShownGrid } from './pricing-screen.tsx';
import '../claims/claims.css';

/** An iteration's stored grid and selections as the recalculation screen shows them. */
function savedGrid(detail: {
  id: number;
  cscData: unknown;
  pricingGridData: unknown;
  footNotes: unknown[];
}): ShownGrid {
  const csc = (detail.cscData ?? {}) as Record<string, unknown>;
  const data = (detail.pricingGridData ?? {}) as {
    columns?: GridColumnAnswer[];
    claimDetail?: Record<string, unknown>[];
  };
  return {
    columns: data.columns ?? [],
    footNotes: detail.footNotes as FootNote[],
    claimDetail: data.claimDetail,
    globalCustomizations: csc.globalCustomizations,
    pbmSelections: csc.pbmSelections,
    iterationId: detail.id,
    ...(typeof csc.gridVersionId === 'number' ? { gridVersionId: csc.gridVersionId } : {}),
  };
}

function IterationScreen({
  opportunityId,
  iterationId,
  onBack,
}: {
  opportunityId: number;
  iterationId: number;
  onBack: () => void;
}) {
  const iteration = useFaIteration(opportunityId, iterationId);
  const back = <Button onClick={onBack}>Back</Button>;
  if (iteration.isError)
    return (
      <Space direction="vertical">
        {back}
        <Alert type="error" showIcon title={describeError(iteration.error).description} />
      </Space>
    );
  if (!iteration.data) return <Skeleton active />;
  return (
    <PricingScreen
      key={iterationId}
      opportunityId={opportunityId}
      fileId={iteration.data.mappedClaimFileID}
      saved={savedGrid(iteration.data)}
      back={back}
    />
  );
}

/**
 * The Financial Analysis tab (spec 3 §2): the iterations (Date Updated, Notes, Action: the
 * proposal in the iteration's output template as PDF or XLSX, and the Pricing Grid, which opens
 * the recalculation screen with Back and Save).
 */
export function FinancialAnalysisTab({ opportunityId }: { opportunityId: number }) {
  const iterations = useFaIterations(opportunityId);
  const download = useDownloadProposal(opportunityId);
  const [open, setOpen] = useState<number | null>(null);

  if (open !== null)
    return (
      <IterationScreen
        opportunityId={opportunityId}
        iterationId={open}
        onBack={() => setOpen(null)}
      />
    );
  if (iterations.isError)
    return <Alert type="error" showIcon title={describeError(iterations.error).description} />;
  return (
    <Table<FaIterationRow>
      className="fa-iterations"
      aria-label="Financial analysis iterations"
      rowKey="id"
      loading={iterations.isPending}
      dataSource={iterations.data ?? []}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{
        emptyText: (
          <span className="claims-file-lists__empty">
            No financial analysis iterations saved yet
          </span>
        ),
      }}
      columns={[
        {
          title: 'Date Updated',
          dataIndex: 'updatedDate',
          width: 140,
          render: (d: string) => formatDate(d.slice(0, 10)),
        },
        { title: 'Notes', dataIndex: 'notes' },
        { title: 'Template', dataIndex: 'outputTemplate', width: 110 },
        {
          title: 'Action',
          key: 'action',
          width: 330,
          render: (_, row) => (
            <Space wrap>
              <Button
                size="small"
                aria-label={`Proposal PDF of iteration ${row.id}`}
                onClick={() => download.mutate({ iterationId: row.id, format: 'pdf' })}
              >
                PDF
              </Button>
              <Button
                size="small"
                aria-label={`Proposal XLSX of iteration ${row.id}`}
                onClick={() => download.mutate({ iterationId: row.id, format: 'xlsx' })}
              >
                XLSX
              </Button>
              <Button
                size="small"
                type="primary"
                aria-label={`Pricing Grid of iteration ${row.id}`}
                onClick={() => setOpen(row.id)}
              >
                Pricing Grid
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
