import { DownloadOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { REJECTED_MESSAGE_FILTER_MAX, type ImportRun, type RejectedFilter } from '@pillar/domain';
import { PagedTable } from '../../../shared/search-table/paged-table.tsx';
import { usePagedTableState } from '../../../shared/search-table/paged-table.tsx';
import {
  useDownloadRunFile,
  useRunRejected,
  type RunDownload,
} from '../../../entities/eligibility-import-run/index.ts';
import { fieldLabel } from './run-selection.ts';

type Rejected = { rowNumber: number; field: string; message: string };

const REJECTED_DOWNLOADS: readonly { file: RunDownload; label: string }[] = [
  { file: 'rejected.csv', label: 'Rejected Rows (CSV)' },
  { file: 'rejected.xlsx', label: 'Rejected Rows (XLSX)' },
];

/**
 * The rejected rows of a run's preview: row number, field and message, paged, filtered by field
 * (the fields the run's rejected rows name) and by text in the message; the CSV and XLSX
 * downloads hold the rows the filter shows.
 */
export function RunRejectedTable({ run }: { run: ImportRun }) {
  const table = usePagedTableState();
  const [filter, setFilter] = useState<RejectedFilter>({});
  const [text, setText] = useState('');
  const rejected = useRunRejected(run.runId, { ...table.query, ...filter }, true);
  const download = useDownloadRunFile(run.runId);
  const fields = rejected.data?.fields ?? [];

  const filterBy = (next: RejectedFilter) => {
    setFilter(next);
    table.onStateChange({
      page: 1,
      pageSize: table.state.pageSize,
      sort: table.state.sort ?? null,
    });
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<string>
          aria-label="Rejected field"
          placeholder="Every field"
          allowClear
          style={{ width: 220 }}
          options={fields.map((f) => ({ value: f, label: fieldLabel(f) }))}
          value={filter.field}
          onChange={(field) => filterBy({ ...filter, field })}
        />
        <Input.Search
          aria-label="Message contains"
          placeholder="Message contains"
          allowClear
          maxLength={REJECTED_MESSAGE_FILTER_MAX}
          style={{ width: 280 }}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // Cleared with the x: the filter goes at once.
            if (e.target.value === '' && filter.message)
              filterBy({ ...filter, message: undefined });
          }}
          onSearch={(value) => filterBy({ ...filter, message: value.trim() || undefined })}
        />
        {REJECTED_DOWNLOADS.map(({ file, label }) => (
          <Button
            key={file}
            icon={<DownloadOutlined />}
            loading={download.isPending && download.variables?.file === file}
            onClick={() => download.mutate({ file, filter })}
          >
            {label}
          </Button>
        ))}
      </Space>
      <PagedTable<Rejected>
        rowKey={(r) => `${r.rowNumber}-${r.field}`}
        size="small"
        aria-label="Rejected rows"
        state={table.state}
        onStateChange={table.onStateChange}
        page={rejected.data}
        isError={rejected.isError}
        loading={rejected.isFetching}
        emptyText={
          filter.field || filter.message ? 'No rejected row matches.' : 'No rows were rejected.'
        }
        showTotal={(count) =>
          `${count.toLocaleString('en-US')} rejected row${count === 1 ? '' : 's'}`
        }
        columns={[
          { title: 'Row', dataIndex: 'rowNumber', width: 90, sortField: 'rowNumber' },
          { title: 'Field', dataIndex: 'field', width: 200, render: (f: string) => fieldLabel(f) },
          { title: 'Message', dataIndex: 'message' },
        ]}
      />
    </>
  );
}
