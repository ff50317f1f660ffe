import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { ISSUE_MESSAGES, RECENT_ISSUES_PAGE_SIZE, type IssueSummary } from '@pillar/domain';
import { useQuery } from '@tanstack/react-query';
import {
  PagedTable,
  usePagedTableState,
  type PagedTableColumn,
} from '../../../shared/search-table/paged-table.tsx';
import { pendingIssuesQueryOptions, useRecentIssues } from '../api/issue-calls.ts';
import { IssueDrawer } from './issue-drawer.tsx';
import { IssueLoadFailed } from './issue-load-failed.tsx';
import { formatIssueDateTime, issueSubjectName } from './issue-format.ts';
import './issue.css';

function columnsOf(open: (issueNo: number) => void): PagedTableColumn<IssueSummary>[] {
  return [
    {
      title: 'Issue #',
      dataIndex: 'issueNo',
      sortField: 'issueNo',
      render: (issueNo: number) => (
        <Button type="link" className="issue-list__open" onClick={() => open(issueNo)}>
          {`Issue # ${issueNo}`}
        </Button>
      ),
    },
    {
      title: 'Created',
      dataIndex: 'createdDate',
      sortField: 'createdDate',
      render: (value: string) => formatIssueDateTime(value),
    },
    { title: 'Member', key: 'member', render: (_: unknown, row) => issueSubjectName(row) },
    { title: 'Organization', dataIndex: 'organizationName' },
    { title: 'Issue Type', dataIndex: 'memberIssueTypeName' },
    { title: 'Sub Type', dataIndex: 'memberIssueSubtypeName' },
    { title: 'Status', dataIndex: 'processStatusName' },
    { title: 'Created By', dataIndex: 'createdByName' },
    {
      title: 'Details',
      dataIndex: 'comments',
      render: (text: string) => (
        <span className="issue-list__details" title={text}>
          {text}
        </span>
      ),
    },
  ];
}

export interface PendingNotesProps {
  /** The agent whose notes are listed (the signed-in user). */
  userNo: number;
}

/**
 * My Pending Notes (spec 2 §2 "Agent home"): the agent's notes not yet Done, newest first, paged
 * and sorted by the server through the project's paged table; a note opens the issue drawer.
 * A failed load shows 'Unable To Load Data' and no count.
 */
export function PendingNotes({ userNo }: PendingNotesProps) {
  const [open, setOpen] = useState<number | null>(null);
  const columns = useMemo(() => columnsOf(setOpen), []);
  const { state, onStateChange, query } = usePagedTableState();
  const notes = useQuery(pendingIssuesQueryOptions(userNo, query));
  return (
    <>
      {notes.isError && <IssueLoadFailed className="issue-list__error" />}
      <PagedTable<IssueSummary>
        size="small"
        rowKey="issueNo"
        aria-label="My pending notes"
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        page={notes.data}
        isError={notes.isError}
        loading={notes.isFetching}
        emptyText={<Empty description={ISSUE_MESSAGES.noPendingNotes} />}
        showTotal={(count, [from, to]) =>
          count === 0 ? '0 total results' : `${from}-${to} of ${count} total results`
        }
        scroll={{ x: 'max-content' }}
      />
      <IssueDrawer issueNo={open} onClose={() => setOpen(null)} />
    </>
  );
}

export interface RecentNotesProps {
  organizationNo: number;
  employeeNo: number;
  /** A dependent's page lists the dependent's notes; the member's lists the family's. */
  dependentNo?: number;
}

/**
 * Recent Notes (spec 2 §2 "Member detail", §9): the member's notes of the last 6 months, at most
 * 10, 3 a page; a note opens the issue drawer.
 */
export function RecentNotes({ organizationNo, employeeNo, dependentNo }: RecentNotesProps) {
  const [open, setOpen] = useState<number | null>(null);
  const notes = useRecentIssues(employeeNo, {
    organizationNo,
    ...(dependentNo !== undefined ? { dependentNo } : {}),
  });
  const columns = useMemo(
    () =>
      columnsOf(setOpen)
        .filter((c) => c.title !== 'Organization')
        .map(({ sortField: _sortField, ...c }) => c) as TableColumnsType<IssueSummary>,
    [],
  );
  if (notes.isError) {
    return <IssueLoadFailed />;
  }
  return (
    <>
      <Table<IssueSummary>
        size="small"
        rowKey="issueNo"
        aria-label="Recent notes"
        loading={notes.isPending}
        columns={columns}
        dataSource={notes.data?.data ?? []}
        pagination={{ pageSize: RECENT_ISSUES_PAGE_SIZE, showSizeChanger: false }}
        locale={{ emptyText: <Empty description={ISSUE_MESSAGES.noRecentNotes} /> }}
        scroll={{ x: 'max-content' }}
      />
      <IssueDrawer issueNo={open} onClose={() => setOpen(null)} />
    </>
  );
}
