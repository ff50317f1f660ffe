import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Tooltip } from 'antd';
import {
  MAX_RENEWALS,
  rebateTotals,
  termLengthLabel,
  type RenewalEntry,
  type RenewalEntryInput,
} from '@pillar/domain';
import { useState } from 'react';
import { formatDate } from '@pillar/domain';
import { notifyError, notifySuccess } from '../../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { RenewalModal } from './renewal-modal.tsx';
import { afterCancel, draftsFrom, newDraft, type RenewalDraft } from './renewals.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export interface RenewalsPanelProps {
  entries: readonly RenewalEntry[];
  /** Replaces the whole list on the server (spec 3 §7); resolves once kept. */
  onSave: (entries: RenewalEntryInput[]) => Promise<unknown>;
  /** Removes one saved entry (DELETE …/incumbentRenewal?entryId=). */
  onDelete: (entryId: number) => Promise<unknown>;
  saving: boolean;
}

/**
 * Incumbent Renewals and competitor entries (spec 3 §3, §4 "Other", §8, §9): at most three.
 * A new entry opens its modal at once; cancelling it while still blank removes it. OK saves the
 * whole list (the server replaces it); if that fails, a new entry is removed again and an edited
 * one returns to what the server holds, with the failure in a notice.
 */
export function RenewalsPanel({ entries, onSave, onDelete, saving }: RenewalsPanelProps) {
  const [drafts, setDrafts] = useState<RenewalDraft[]>(() => draftsFrom(entries));
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [confirm, confirmHolder] = useConfirmAction();
  // The server's list (after a save or a reload) replaces the panel's.
  const [shown, setShown] = useState(entries);
  if (shown !== entries) {
    setShown(entries);
    setDrafts(draftsFrom(entries));
  }

  const open = drafts.find((d) => d.key === openKey) ?? null;
  const full = drafts.length >= MAX_RENEWALS;

  function add() {
    const draft = newDraft();
    setDrafts((current) => [...current, draft]);
    setOpenKey(draft.key);
  }

  async function saveList(list: RenewalDraft[], failed: () => void, done: string) {
    try {
      await onSave(list.filter((d) => d.id !== null || d.key === openKey).map((d) => d.entry));
      notifySuccess(done);
      setOpenKey(null);
    } catch (error) {
      failed();
      setOpenKey(null);
      notifyError(error, 'Incumbent Renewals');
    }
  }

  function ok(entry: RenewalEntryInput) {
    if (!open) return;
    const list = drafts.map((d) => (d.key === open.key ? { ...d, entry } : d));
    setDrafts(list);
    const key = open.key;
    const isNew = open.id === null;
    void saveList(
      list,
      () =>
        // Spec 3 §8: a failed save removes the new entry; an edit goes back to the server's.
        setDrafts(isNew ? (current) => current.filter((d) => d.key !== key) : draftsFrom(entries)),
      isNew ? 'Entry Added' : 'Entry Saved',
    );
  }

  function cancel(entry: RenewalEntryInput) {
    if (!open) return;
    const key = open.key;
    setDrafts((current) =>
      afterCancel(
        current.map((d) => (d.key === key && d.id === null ? { ...d, entry } : d)),
        key,
      ),
    );
    setOpenKey(null);
  }

  async function remove(draft: RenewalDraft) {
    const ok = await confirm({
      title: `Delete ${draft.entry.name || 'this entry'}?`,
      content: 'The entry and its contract terms are removed from the opportunity.',
      action: 'Delete Entry',
      danger: true,
    });
    if (!ok) return;
    if (draft.id === null) return setDrafts(drafts.filter((d) => d.key !== draft.key));
    try {
      await onDelete(draft.id);
      notifySuccess('Entry Deleted');
    } catch (error) {
      notifyError(error, 'Incumbent Renewals');
    }
  }

  return (
    <PanelCard
      title="Incumbent Renewals and Competitor Entries"
      block="incumbent-panel"
      extra={
        <Tooltip title={full ? `At most ${MAX_RENEWALS} entries` : undefined}>
          <Button icon={<PlusOutlined />} disabled={full} onClick={add}>
            Add Entry
          </Button>
        </Tooltip>
      }
    >
      {confirmHolder}
      <Table<RenewalDraft>
        rowKey="key"
        size="small"
        pagination={false}
        // The entry being created shows in the list once its modal closes, not behind it.
        dataSource={drafts.filter((d) => !(d.id === null && d.key === openKey))}
        locale={{ emptyText: 'No renewals or competitor entries' }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Name',
            key: 'name',
            render: (_, d) => (
              <>
                {d.entry.name || '(unnamed)'} {d.id === null && <Tag>Not saved</Tag>}
              </>
            ),
          },
          {
            title: 'Term',
            key: 'term',
            render: (_, d) => (d.entry.termLength ? termLengthLabel(d.entry.termLength) : '-'),
          },
          {
            title: 'Effective Date',
            key: 'effective',
            render: (_, d) => (d.entry.effectiveDate ? formatDate(d.entry.effectiveDate) : '-'),
          },
          { title: 'SSG or DSG', key: 'source', render: (_, d) => d.entry.source ?? '-' },
          {
            title: 'Rebate Tier',
            key: 'tier',
            render: (_, d) => d.entry.rebateGuarantees.rebateTier ?? '2TIER',
          },
          {
            title: 'Total Rebate',
            key: 'total',
            align: 'right',
            render: (_, d) => money.format(rebateTotals(d.entry.rebateGuarantees).totalRebate),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, d) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${d.entry.name || 'entry'}`}
                  onClick={() => setOpenKey(d.key)}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${d.entry.name || 'entry'}`}
                  onClick={() => void remove(d)}
                />
              </Flex>
            ),
          },
        ]}
      />
      {open && (
        <RenewalModal
          key={open.key}
          entry={open.entry}
          isNew={open.id === null}
          saving={saving}
          onOk={ok}
          onCancel={cancel}
        />
      )}
    </PanelCard>
  );
}
