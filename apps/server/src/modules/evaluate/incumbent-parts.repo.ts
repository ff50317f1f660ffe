import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type {
  FeeItem,
  IncumbentAggregates,
  Insight,
  OpportunityContact,
  PricingInsight,
  PricingItem,
  RenewalEntry,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { OpportunityHandle } from './evaluate.access.ts';
import type { FeeItemList, RenewalTerms } from './incumbent-parts.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every statement of the incumbent parts' tables (decision 0115). Reads take the opportunity's
 * number after `requireOpportunity`; writes take the locked handle of
 * `requireOpportunityForUpdate`, so a list is replaced by one writer at a time. A list is
 * replaced whole: delete the opportunity's rows, insert the new ones in order.
 */

const userName = (column: string): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = ${sql.ref(column)})`;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
const money = (value: string | null): number | null => (value === null ? null : Number(value));

// ---- Fee lists (incumbent fees and credits, RxB pricing fees and credits) ----

export async function selectFeeItems(
  db: Db,
  opportunityNo: number,
  list: FeeItemList,
): Promise<(FeeItem & { pbm: PricingItem['pbm'] | null })[]> {
  const rows = await db
    .selectFrom('incumbent_fee_item')
    .select(['name', 'type', 'amount', 'pbm'])
    .where('prospect_opportunity_no', '=', opportunityNo)
    .where('list', '=', list)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ name: r.name, type: r.type, amount: Number(r.amount), pbm: r.pbm }));
}

export async function replaceFeeItems(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  list: FeeItemList,
  items: readonly (FeeItem & { pbm?: PricingItem['pbm'] })[],
): Promise<void> {
  const opportunityNo = handle.prospectOpportunityNo;
  await trx
    .deleteFrom('incumbent_fee_item')
    .where('prospect_opportunity_no', '=', opportunityNo)
    .where('list', '=', list)
    .execute();
  if (items.length === 0) return;
  await trx
    .insertInto('incumbent_fee_item')
    .values(
      items.map((item, position) => ({
        prospect_opportunity_no: opportunityNo,
        list,
        position,
        name: item.name,
        type: item.type,
        amount: item.amount,
        pbm: item.pbm ?? null,
      })),
    )
    .execute();
}

// ---- Insights ----

function insightColumns(db: Db) {
  return db
    .selectFrom('incumbent_insight as i')
    .select([
      'i.incumbent_insight_no',
      'i.message',
      'i.owned_by',
      'i.created_at',
      'i.updated_at',
      userName('i.owned_by').as('owner_name'),
    ]);
}

type InsightRecord = Awaited<
  ReturnType<ReturnType<typeof insightColumns>['executeTakeFirstOrThrow']>
>;

function toInsight(r: InsightRecord): Insight {
  return {
    id: r.incumbent_insight_no,
    message: r.message,
    ownedBy: r.owner_name ?? '',
    ownedById: r.owned_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function selectInsights(db: Db, opportunityNo: number): Promise<Insight[]> {
  const rows = await insightColumns(db)
    .where('i.prospect_opportunity_no', '=', opportunityNo)
    .orderBy('i.incumbent_insight_no')
    .execute();
  return rows.map(toInsight);
}

export async function insertInsight(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  message: string,
  ownedBy: number,
): Promise<number> {
  const row = await trx
    .insertInto('incumbent_insight')
    .values({ prospect_opportunity_no: handle.prospectOpportunityNo, message, owned_by: ownedBy })
    .returning('incumbent_insight_no')
    .executeTakeFirstOrThrow();
  return row.incumbent_insight_no;
}

/** The insight's owner, with the row locked for the edit or delete; undefined when none. */
export async function lockInsight(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  insightNo: number,
): Promise<{ owned_by: number } | undefined> {
  return trx
    .selectFrom('incumbent_insight')
    .select('owned_by')
    .where('prospect_opportunity_no', '=', handle.prospectOpportunityNo)
    .where('incumbent_insight_no', '=', insightNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateInsightMessage(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  insightNo: number,
  message: string,
): Promise<void> {
  await trx
    .updateTable('incumbent_insight')
    .set({ message, updated_at: sql<Date>`now()` })
    .where('prospect_opportunity_no', '=', handle.prospectOpportunityNo)
    .where('incumbent_insight_no', '=', insightNo)
    .execute();
}

export async function deleteInsightRow(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  insightNo: number,
): Promise<void> {
  await trx
    .deleteFrom('incumbent_insight')
    .where('prospect_opportunity_no', '=', handle.prospectOpportunityNo)
    .where('incumbent_insight_no', '=', insightNo)
    .execute();
}

// ---- RxB pricing insights ----

export async function selectPricingInsights(
  db: Db,
  opportunityNo: number,
): Promise<PricingInsight[]> {
  const rows = await db
    .selectFrom('incumbent_pricing_insight')
    .select(['insight_name', 'additional_info'])
    .where('prospect_opportunity_no', '=', opportunityNo)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ insightName: r.insight_name, additionalInfo: r.additional_info }));
}

export async function replacePricingInsights(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  items: readonly PricingInsight[],
): Promise<void> {
  const opportunityNo = handle.prospectOpportunityNo;
  await trx
    .deleteFrom('incumbent_pricing_insight')
    .where('prospect_opportunity_no', '=', opportunityNo)
    .execute();
  if (items.length === 0) return;
  await trx
    .insertInto('incumbent_pricing_insight')
    .values(
      items.map((item, position) => ({
        prospect_opportunity_no: opportunityNo,
        position,
        insight_name: item.insightName,
        additional_info: item.additionalInfo,
      })),
    )
    .execute();
}

// ---- Aggregates ----

export async function selectAggregates(
  db: Db,
  opportunityNo: number,
): Promise<IncumbentAggregates | undefined> {
  const r = await db
    .selectFrom('incumbent_aggregate')
    .select([
      'rebate',
      'is_rebate_used',
      'total_member',
      'is_total_member_used',
      'gross',
      'is_gross_used',
    ])
    .where('prospect_opportunity_no', '=', opportunityNo)
    .executeTakeFirst();
  return (
    r && {
      rebate: money(r.rebate),
      isRebateUsed: r.is_rebate_used,
      totalMember: money(r.total_member),
      isTotalMemberUsed: r.is_total_member_used,
      gross: money(r.gross),
      isGrossUsed: r.is_gross_used,
    }
  );
}

export async function upsertAggregates(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  a: IncumbentAggregates,
  userNo: number,
): Promise<void> {
  const values = {
    rebate: a.rebate,
    is_rebate_used: a.isRebateUsed,
    total_member: a.totalMember,
    is_total_member_used: a.isTotalMemberUsed,
    gross: a.gross,
    is_gross_used: a.isGrossUsed,
    updated_at: sql<Date>`now()`,
    updated_by: userNo,
  };
  await trx
    .insertInto('incumbent_aggregate')
    .values({ prospect_opportunity_no: handle.prospectOpportunityNo, ...values })
    .onConflict((oc) => oc.column('prospect_opportunity_no').doUpdateSet(values))
    .execute();
}

// ---- Contacts ----

export async function selectContacts(db: Db, opportunityNo: number): Promise<OpportunityContact[]> {
  const rows = await db
    .selectFrom('incumbent_contact')
    .select(['contact_name', 'position', 'email', 'phone'])
    .where('prospect_opportunity_no', '=', opportunityNo)
    .orderBy('slot')
    .execute();
  return rows.map((r) => ({
    contactName: r.contact_name,
    position: r.position,
    email: r.email,
    phone: r.phone,
  }));
}

export async function replaceContacts(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  contacts: readonly OpportunityContact[],
): Promise<void> {
  const opportunityNo = handle.prospectOpportunityNo;
  await trx
    .deleteFrom('incumbent_contact')
    .where('prospect_opportunity_no', '=', opportunityNo)
    .execute();
  if (contacts.length === 0) return;
  await trx
    .insertInto('incumbent_contact')
    .values(
      contacts.map((c, slot) => ({
        prospect_opportunity_no: opportunityNo,
        slot,
        contact_name: c.contactName,
        position: c.position,
        email: c.email,
        phone: c.phone,
      })),
    )
    .execute();
}

// ---- Renewals and competitor entries ----

export async function selectRenewals(db: Db, opportunityNo: number): Promise<RenewalEntry[]> {
  const rows = await db
    .selectFrom('incumbent_renewal')
    .select(['incumbent_renewal_no', 'name', 'term_length', 'effective_date', 'source', 'terms'])
    .where('prospect_opportunity_no', '=', opportunityNo)
    .orderBy('slot')
    .execute();
  return rows.map((r) => ({
    id: r.incumbent_renewal_no,
    name: r.name,
    termLength: r.term_length,
    effectiveDate: r.effective_date,
    source: r.source,
    ...r.terms,
  }));
}

export async function replaceRenewals(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  entries: readonly Omit<RenewalEntry, 'id'>[],
): Promise<void> {
  const opportunityNo = handle.prospectOpportunityNo;
  await trx
    .deleteFrom('incumbent_renewal')
    .where('prospect_opportunity_no', '=', opportunityNo)
    .execute();
  if (entries.length === 0) return;
  await trx
    .insertInto('incumbent_renewal')
    .values(
      entries.map(({ name, termLength, effectiveDate, source, ...terms }, slot) => ({
        prospect_opportunity_no: opportunityNo,
        slot,
        name,
        term_length: termLength,
        effective_date: effectiveDate,
        source,
        terms: JSON.stringify(terms satisfies RenewalTerms),
      })),
    )
    .execute();
}

/** Removes one entry and closes the gap in the slots; false when the entry is not there. */
export async function deleteRenewalRow(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  renewalNo: number,
): Promise<boolean> {
  const opportunityNo = handle.prospectOpportunityNo;
  const removed = await trx
    .deleteFrom('incumbent_renewal')
    .where('prospect_opportunity_no', '=', opportunityNo)
    .where('incumbent_renewal_no', '=', renewalNo)
    .returning('slot')
    .executeTakeFirst();
  if (!removed) return false;
  // One at a time from the lowest, so (opportunity, slot) stays unique at every step.
  const later = await trx
    .selectFrom('incumbent_renewal')
    .select('incumbent_renewal_no')
    .where('prospect_opportunity_no', '=', opportunityNo)
    .where('slot', '>', removed.slot)
    .orderBy('slot')
    .execute();
  for (const row of later) {
    await trx
      .updateTable('incumbent_renewal')
      .set((eb) => ({ slot: eb('slot', '-', 1) }))
      .where('incumbent_renewal_no', '=', row.incumbent_renewal_no)
      .execute();
  }
  return true;
}
