import { Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  CHANGE_KINDS,
  CHANGE_KIND_LABELS,
  formatDate,
  type ChangeKind,
  type ImportRun,
} from '@pillar/domain';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { PagedTable, usePagedTableState } from '../../../shared/search-table/paged-table.tsx';
import {
  listDeselected,
  selectableChanges,
  useRunChanges,
  useSaveSelection,
} from '../../../entities/eligibility-import-run/index.ts';
import { ABSENT_TEXT, fieldLabel, nextDeselected } from './run-selection.ts';

interface Change {
  changeId: number;
  rowNumber: number | null;
  kind: ChangeKind;
  ssnLast4: string;
  memberId: number | null;
  name: string | null;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  changeDate: string;
  selected: boolean;
  applied: boolean;
}

const KIND_OPTIONS = CHANGE_KINDS.map((kind) => ({ value: kind, label: CHANGE_KIND_LABELS[kind] }));

/**
 * The preview's changes, paged and filterable by kind, with old and new values and a checkbox
 * each: every valid change is selected; the user deselects some (or selects all again). The
 * selection call takes the whole list of deselected changes, kept here once known.
 */
export function RunChangesTable({ run, canSelect }: { run: ImportRun; canSelect: boolean }) {
  const table = usePagedTableState();
  const [kind, setKind] = useState<ChangeKind | undefined>(undefined);
  const query = { ...table.query, kind };
  const changes = useRunChanges(run.runId, query, true);
  const save = useSaveSelection(run.runId);
  // null until the complete list is known: the server's marks show on the rows meanwhile.
  const [deselected, setDeselected] = useState<ReadonlySet<number> | null>(null);
  const [loadingSelection, setLoadingSelection] = useState(false);

  const isSelected = (c: Change) => (deselected ? !deselected.has(c.changeId) : c.selected);

  const change = async (ids: readonly number[], select: boolean) => {
    let base = deselected;
    if (base === null) {
      const serverDeselected = selectableChanges(run) - run.rowsSelected;
      if (serverDeselected > 0) {
        setLoadingSelection(true);
        try {
          base = new Set(await listDeselected(run.runId));
        } finally {
          setLoadingSelection(false);
        }
      } else {
        base = new Set();
      }
    }
    const next = nextDeselected(base, ids, select);
    setDeselected(next);
    save.mutate([...next]);
  };

  const selectAll = () => {
    setDeselected(new Set());
    save.mutate([]);
  };

  const rows = changes.data?.data ?? [];
  return (
    <PanelCard
      title="Changes"
      extra={
        canSelect && (
          <Button onClick={selectAll} loading={save.isPending && deselected?.size === 0}>
            Select All
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<ChangeKind>
          aria-label="Kind of change"
          placeholder="Every kind of change"
          allowClear
          style={{ width: 280 }}
          options={KIND_OPTIONS}
          value={kind}
          onChange={(value) => {
            setKind(value);
            table.onStateChange({
              page: 1,
              pageSize: table.state.pageSize,
              sort: table.state.sort ?? null,
            });
          }}
        />
        <Typography.Text>
          {run.rowsSelected.toLocaleString('en-US')} of{' '}
          {selectableChanges(run).toLocaleString('en-US')} changes selected
        </Typography.Text>
      </Space>
      <PagedTable<Change>
        rowKey="changeId"
        size="small"
        aria-label="Changes"
        state={table.state}
        onStateChange={table.onStateChange}
        page={changes.data}
        isError={changes.isError}
        loading={changes.isFetching || loadingSelection}
        emptyText="No changes."
        showTotal={(count) => `${count.toLocaleString('en-US')} change${count === 1 ? '' : 's'}`}
        rowSelection={
          canSelect
            ? {
                selectedRowKeys: rows
                  .filter((c) => c.kind !== 'absent' && isSelected(c))
                  .map((c) => c.changeId),
                getCheckboxProps: (c) => ({
                  disabled: c.kind === 'absent' || c.applied,
                  'aria-label': `Select change ${c.changeId}`,
                }),
                onSelect: (c, selected) => void change([c.changeId], selected),
                onSelectAll: (selected, _rows, changed) =>
                  void change(
                    changed.filter((c) => c.kind !== 'absent').map((c) => c.changeId),
                    selected,
                  ),
              }
            : undefined
        }
        columns={[
          { title: 'Row', dataIndex: 'rowNumber', width: 70, sortField: 'rowNumber' },
          {
            title: 'Kind',
            dataIndex: 'kind',
            sortField: 'kind',
            render: (k: ChangeKind) => CHANGE_KIND_LABELS[k],
          },
          {
            title: 'Member',
            key: 'member',
            render: (_: unknown, c) => (
              <>
                {c.name ?? '—'}
                <br />
                <span className="org-muted">SSN ending {c.ssnLast4}</span>
              </>
            ),
          },
          { title: 'Field', dataIndex: 'field', render: (f: string | null) => fieldLabel(f) },
          {
            title: 'Old Value',
            dataIndex: 'oldValue',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: 'New Value',
            dataIndex: 'newValue',
            render: (v: string | null, c) => (c.kind === 'absent' ? ABSENT_TEXT : (v ?? '—')),
          },
          {
            title: 'Date',
            dataIndex: 'changeDate',
            render: (d: string) => formatDate(d),
          },
          ...(run.status === 'applied'
            ? [
                {
                  title: 'Applied',
                  dataIndex: 'applied',
                  render: (applied: boolean) => (applied ? 'Yes' : 'No'),
                },
              ]
            : []),
        ]}
      />
    </PanelCard>
  );
}
