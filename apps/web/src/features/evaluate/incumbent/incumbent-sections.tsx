import { Alert, Skeleton } from 'antd';
import {
  EMPTY_AGGREGATES,
  PRESET_CREDIT_NAMES,
  PRESET_FEE_NAMES,
  type IncumbentFeeList,
} from '@pillar/domain';
import { type ReactNode } from 'react';
import {
  useAggregates,
  useChangeInsights,
  useContacts,
  useDeleteRenewal,
  useIncumbentFees,
  useInsights,
  useRenewals,
  useSaveAggregates,
  useSaveContacts,
  useSaveIncumbentFees,
  useSaveRenewals,
} from '../../../entities/opportunity-incumbent/index.ts';
import { useClaimsQuery } from '../../../shared/auth/get-claims.ts';
import { describeError, notifyError, notifySuccess } from '../../../shared/notifications/notify.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { AggregateDataPanel } from './aggregate-data-panel.tsx';
import { ContactListPanel } from './contact-list-panel.tsx';
import { FeeCreditTable } from './fee-credit-table.tsx';
import { type FeeRowValue } from './fee-rows.ts';
import { InsightsPanel } from './insights-panel.tsx';
import { RenewalsPanel } from './renewals-panel.tsx';
import './incumbent.css';

const NO_ITEMS: IncumbentFeeList['items'] = [];
const BLANK_ROW: FeeRowValue = { name: '', type: null, amount: null };

/** A panel's body while its part loads, or why it could not be read. */
function Loading({ title, error }: { title: string; error: unknown }) {
  return (
    <PanelCard title={title} block="incumbent-panel">
      {error ? (
        <Alert type="error" showIcon title={describeError(error).description} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </PanelCard>
  );
}

function FeeListPanel({ id, kind }: { id: number; kind: 'fees' | 'credits' }) {
  const list = useIncumbentFees(id, kind);
  const save = useSaveIncumbentFees(id, kind);
  const title = kind === 'fees' ? 'Fees' : 'Credits';
  if (!list.data) return <Loading title={title} error={list.error} />;
  return (
    <PanelCard title={title} block="incumbent-panel">
      <FeeCreditTable<FeeRowValue>
        noun={kind === 'fees' ? 'Fee' : 'Credit'}
        items={list.data.items ?? NO_ITEMS}
        presets={kind === 'fees' ? PRESET_FEE_NAMES : PRESET_CREDIT_NAMES}
        blank={BLANK_ROW}
        saving={save.isPending}
        onSave={async (items) => {
          try {
            await save.mutateAsync({ items: items as IncumbentFeeList['items'] });
            notifySuccess(`${title} Saved`);
          } catch (error) {
            notifyError(error, `Save ${title}`);
          }
        }}
      />
    </PanelCard>
  );
}

function InsightsSection({ id }: { id: number }) {
  const insights = useInsights(id);
  const claims = useClaimsQuery();
  const { add, edit, remove } = useChangeInsights(id);
  if (!insights.data) return <Loading title="Additional Insights" error={insights.error} />;
  return (
    <InsightsPanel
      insights={insights.data.items}
      userId={claims.data?.userId}
      onAdd={(message) => add.mutateAsync(message)}
      onEdit={(insightId, message) => edit.mutateAsync({ insightId, message })}
      onDelete={(insightId) => remove.mutateAsync(insightId)}
    />
  );
}

function AggregatesSection({ id }: { id: number }) {
  const aggregates = useAggregates(id);
  const save = useSaveAggregates(id);
  if (!aggregates.data) return <Loading title="Aggregate Data" error={aggregates.error} />;
  return (
    <AggregateDataPanel
      aggregates={aggregates.data ?? EMPTY_AGGREGATES}
      saving={save.isPending}
      onSave={(value) => save.mutateAsync(value)}
    />
  );
}

function ContactsSection({ id }: { id: number }) {
  const contacts = useContacts(id);
  const save = useSaveContacts(id);
  if (!contacts.data) return <Loading title="Contact List" error={contacts.error} />;
  return (
    <ContactListPanel
      contacts={contacts.data.contacts}
      saving={save.isPending}
      onSave={(list) => save.mutateAsync(list)}
    />
  );
}

function RenewalsSection({ id }: { id: number }) {
  const renewals = useRenewals(id);
  const save = useSaveRenewals(id);
  const remove = useDeleteRenewal(id);
  const title = 'Incumbent Renewals and Competitor Entries';
  if (!renewals.data) return <Loading title={title} error={renewals.error} />;
  return (
    <RenewalsPanel
      entries={renewals.data.entries}
      saving={save.isPending}
      onSave={(entries) => save.mutateAsync(entries)}
      onDelete={(entryId) => remove.mutateAsync(entryId)}
    />
  );
}

/**
 * The Incumbent Info tab's panels after Basic and Contract Information (spec 3 §2 "Opportunity
 * page"): Fees, Credits, Additional Insights, Aggregate Data, Contact List, and the renewals and
 * competitor entries. Each loads and saves its own part, so one failing does not hold up the rest.
 */
export function IncumbentSections({ opportunityId }: { opportunityId: number }): ReactNode {
  return (
    <>
      <FeeListPanel id={opportunityId} kind="fees" />
      <FeeListPanel id={opportunityId} kind="credits" />
      <InsightsSection id={opportunityId} />
      <AggregatesSection id={opportunityId} />
      <ContactsSection id={opportunityId} />
      <RenewalsSection id={opportunityId} />
    </>
  );
}
