import type { ImportRun } from '@pillar/domain';
import { PagedTable } from '../../../shared/search-table/paged-table.tsx';
import { usePagedTableState } from '../../../shared/search-table/paged-table.tsx';
import { useRunRejected } from '../../../entities/eligibility-import-run/index.ts';
import { fieldLabel } from './run-selection.ts';

type Rejected = { rowNumber: number; field: string; message: string };

/** The rejected rows of a run's preview: row number, field and message, paged. */
export function RunRejectedTable({ run }: { run: ImportRun }) {
  const table = usePagedTableState();
  const rejected = useRunRejected(run.runId, table.query, true);
  return (
    <PagedTable<Rejected>
      rowKey={(r) => `${r.rowNumber}-${r.field}`}
      size="small"
      aria-label="Rejected rows"
      state={table.state}
      onStateChange={table.onStateChange}
      page={rejected.data}
      isError={rejected.isError}
      loading={rejected.isFetching}
      emptyText="No rows were rejected."
      showTotal={(count) =>
        `${count.toLocaleString('en-US')} rejected row${count === 1 ? '' : 's'}`
      }
      columns={[
        { title: 'Row', dataIndex: 'rowNumber', width: 90, sortField: 'rowNumber' },
        { title: 'Field', dataIndex: 'field', width: 200, render: (f: string) => fieldLabel(f) },
        { title: 'Message', dataIndex: 'message' },
      ]}
    />
  );
}
