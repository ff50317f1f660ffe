import {
  describeClinicalChange,
  formatDate,
  type ClinicalHistoryEntry,
  type Page,
} from '@pillar/domain';
import { type ReactNode } from 'react';
import {
  PagedTable,
  type PagedTableChange,
  type PagedTableColumn,
  type PagedTableState,
} from '../../shared/search-table/paged-table.tsx';
import { TableScrollFrame } from '../../shared/table-scroll/table-scroll-frame.tsx';

/** When a change was made: MM/DD/YYYY h:mm AM/PM in the browser's zone. */
export function changedAt(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? formatDate(value)
    : d.toLocaleString('en-US', {
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

export interface ClinicalHistoryTableProps {
  label: string;
  state: PagedTableState;
  onStateChange: (change: PagedTableChange) => void;
  page: Page<ClinicalHistoryEntry> | undefined;
  isError: boolean;
  loading: boolean;
  /** A last column per change (e.g. 'View as of this date'); none when absent. */
  action?: (entry: ClinicalHistoryEntry) => ReactNode;
}

/** A clinical record's changes: when, who, what (newest first, paged by the server). */
export function ClinicalHistoryTable({ label, action, ...table }: ClinicalHistoryTableProps) {
  const columns: PagedTableColumn<ClinicalHistoryEntry>[] = [
    { title: 'When', key: 'when', width: 190, render: (_, e) => changedAt(e.changed_at) },
    { title: 'Who', key: 'who', width: 180, render: (_, e) => e.changed_by_name ?? '—' },
    { title: 'What', key: 'what', render: (_, e) => describeClinicalChange(e) },
  ];
  if (action)
    columns.push({ title: 'Past View', key: 'action', width: 170, render: (_, e) => action(e) });
  return (
    <TableScrollFrame>
      <PagedTable<ClinicalHistoryEntry>
        rowKey="id"
        size="small"
        aria-label={label}
        columns={columns}
        scroll={{ x: 720 }}
        showTotal={(count) => `${count} change${count === 1 ? '' : 's'}`}
        {...table}
      />
    </TableScrollFrame>
  );
}
