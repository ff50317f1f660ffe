import { Button, Select, Table, Tooltip, Typography } from 'antd';
import { DATA_MAPPING_MESSAGES } from '@pillar/domain';
import { describeMapping, SELECT_ONE, type MappingRow } from './mapping-values.ts';

export interface MappingTableProps {
  rows: readonly MappingRow[];
  /** The read schema's fields: the Source Columns select. */
  sourceColumns: readonly string[];
  /** Required targets without a source: they show 'This field is required'. */
  missing: ReadonlySet<string>;
  /** Show Percent Populated (only when the template has a sample file). */
  showPercent: boolean;
  /** View mode: nothing edits, the drawer only shows. */
  readOnly: boolean;
  onSource: (target: string, source: string) => void;
  onTransform: (target: string) => void;
}

/** Spec 3 §2: Source Columns, Target Columns (required ones marked), optional Percent Populated. */
export function MappingTable({
  rows,
  sourceColumns,
  missing,
  showPercent,
  readOnly,
  onSource,
  onTransform,
}: MappingTableProps) {
  const options = [
    { value: SELECT_ONE, label: 'Select one' },
    ...sourceColumns.map((c) => ({ value: c, label: c })),
  ];
  return (
    <Table<MappingRow>
      size="small"
      rowKey="target"
      pagination={false}
      aria-label="Mapping"
      dataSource={[...rows]}
      columns={[
        {
          title: 'Source Columns',
          key: 'source',
          width: 240,
          render: (_, row) => {
            const composite = row.mapping.concatenation ?? row.mapping.multiField;
            const select = (
              <Select
                aria-label={`Source column of ${row.target}`}
                className="mapping-table__source"
                style={{ width: '100%' }}
                disabled={readOnly || composite != null}
                status={missing.has(row.target) ? 'error' : undefined}
                value={row.mapping.source ?? SELECT_ONE}
                options={options}
                showSearch
                onChange={(value: string) => onSource(row.target, value)}
              />
            );
            return missing.has(row.target) ? (
              <Tooltip
                title={DATA_MAPPING_MESSAGES.fieldRequired}
                open={readOnly ? false : undefined}
              >
                <div>
                  {select}
                  <Typography.Text type="danger" className="mapping-table__required">
                    {DATA_MAPPING_MESSAGES.fieldRequired}
                  </Typography.Text>
                </div>
              </Tooltip>
            ) : (
              select
            );
          },
        },
        {
          title: 'Target Columns',
          key: 'target',
          render: (_, row) => (
            <span>
              {row.target}
              {row.required && (
                <span className="mapping-table__required-mark" aria-label="required">
                  {' '}
                  *
                </span>
              )}
            </span>
          ),
        },
        ...(showPercent
          ? [
              {
                title: 'Percent Populated',
                key: 'percent',
                width: 150,
                render: (_: unknown, row: MappingRow) =>
                  row.percentPopulated === null ? '' : `${row.percentPopulated.toFixed(1)}%`,
              },
            ]
          : []),
        {
          title: 'Transformation',
          key: 'transform',
          width: 300,
          render: (_, row) => (
            <span className="mapping-table__transform">
              <Typography.Text>{describeMapping(row.mapping) ?? ''}</Typography.Text>{' '}
              <Button
                size="small"
                // Usable in view mode too, inside a disabled form (View shows the transformations).
                disabled={false}
                onClick={() => onTransform(row.target)}
                aria-label={`${readOnly ? 'View' : 'Transform'} ${row.target}`}
              >
                {readOnly ? 'View' : 'Transform'}
              </Button>
            </span>
          ),
        },
      ]}
    />
  );
}
