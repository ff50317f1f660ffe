import type { Kysely, Transaction } from 'kysely';
import {
  EMPTY_AGGREGATES,
  INCUMBENT_MESSAGES,
  canChangeInsight,
  withRebateTotals,
  type EvaluateHistoryPart,
  type FeeListInput,
  type FeeListKind,
  type IncumbentAggregates,
  type IncumbentFeeList,
  type Insight,
  type InsightInput,
  type InsightList,
  type OpportunityContactList,
  type OpportunityContactListInput,
  type PricingInsightList,
  type PricingInsightListInput,
  type PricingList,
  type PricingListInput,
  type RenewalList,
  type RenewalListInput,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { recordEvaluateVersion } from './evaluate-history.ts';
import {
  requireOpportunity,
  requireOpportunityForUpdate,
  type OpportunityHandle,
} from './evaluate.access.ts';
import {
  deleteInsightRow,
  deleteRenewalRow,
  insertInsight,
  lockInsight,
  replaceContacts,
  replaceFeeItems,
  replacePricingInsights,
  replaceRenewals,
  selectAggregates,
  selectContacts,
  selectFeeItems,
  selectInsights,
  selectPricingInsights,
  selectRenewals,
  updateInsightMessage,
  upsertAggregates,
} from './incumbent-parts.repo.ts';
import type { FeeItemList } from './incumbent-parts.tables.ts';

type Db = Kysely<DB>;
/** Who saves: the version's author and an insight's owner. */
export type Actor = Pick<Principal, 'userNo'>;

/*
 * The incumbent parts beside the contract (spec 3 §7 "Evaluate service"; decision 0115). The
 * bodies arrive parsed by the domain schemas (every field rule, with the field named in
 * `params`); what is left here is the opportunity (404), the insight's owner (403), and one
 * transaction per save that replaces the part and writes its version, so a refused or failed
 * save leaves neither rows nor a version behind.
 */

/** Runs a save of one part under the opportunity's lock and keeps its version. */
async function savePart<T>(
  db: Db,
  actor: Actor,
  id: number,
  part: EvaluateHistoryPart | null,
  write: (trx: Transaction<DB>, handle: OpportunityHandle) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const handle = await requireOpportunityForUpdate(trx, id);
    const state = await write(trx, handle);
    if (part) await recordEvaluateVersion(trx, handle, part, state, actor);
    return state;
  });
}

// ---- Fees and credits ----

const INCUMBENT_LIST: Record<FeeListKind, FeeItemList> = { fees: 'fees', credits: 'credits' };
const PRICING_LIST: Record<FeeListKind, FeeItemList> = {
  fees: 'pricingFees',
  credits: 'pricingCredits',
};

async function readFees(db: Db | Transaction<DB>, id: number, kind: FeeListKind) {
  const rows = await selectFeeItems(db, id, INCUMBENT_LIST[kind]);
  return { items: rows.map(({ name, type, amount }) => ({ name, type, amount })) };
}

export async function getFees(db: Db, id: number, kind: FeeListKind): Promise<IncumbentFeeList> {
  await requireOpportunity(db, id);
  return readFees(db, id, kind);
}

/** Replaces the list whole; an empty list leaves ZERO items (spec 3 §5). */
export async function saveFees(
  db: Db,
  actor: Actor,
  id: number,
  kind: FeeListKind,
  input: FeeListInput,
): Promise<IncumbentFeeList> {
  return savePart(db, actor, id, kind, async (trx, handle) => {
    await replaceFeeItems(trx, handle, INCUMBENT_LIST[kind], input.items);
    return readFees(trx, id, kind);
  });
}

// ---- RxB pricing ----

async function readPricing(db: Db | Transaction<DB>, id: number, kind: FeeListKind) {
  const rows = await selectFeeItems(db, id, PRICING_LIST[kind]);
  return {
    items: rows.map(({ name, type, amount, pbm }) => ({ name, type, amount, pbm: pbm ?? 'ALL' })),
  };
}

export async function getPricing(db: Db, id: number, kind: FeeListKind): Promise<PricingList> {
  await requireOpportunity(db, id);
  return readPricing(db, id, kind);
}

export async function savePricing(
  db: Db,
  actor: Actor,
  id: number,
  kind: FeeListKind,
  input: PricingListInput,
): Promise<PricingList> {
  const part = kind === 'fees' ? 'pricingFees' : 'pricingCredits';
  return savePart(db, actor, id, part, async (trx, handle) => {
    await replaceFeeItems(trx, handle, PRICING_LIST[kind], input.items);
    return readPricing(trx, id, kind);
  });
}

export async function getPricingInsights(db: Db, id: number): Promise<PricingInsightList> {
  await requireOpportunity(db, id);
  return { items: await selectPricingInsights(db, id) };
}

/** Not a versioned part (decision 0115): notes beside the pricing, not a term of a deal. */
export async function savePricingInsights(
  db: Db,
  actor: Actor,
  id: number,
  input: PricingInsightListInput,
): Promise<PricingInsightList> {
  return savePart(db, actor, id, null, async (trx, handle) => {
    await replacePricingInsights(trx, handle, input.items);
    return { items: await selectPricingInsights(trx, id) };
  });
}

// ---- Insights ----

export async function listInsights(db: Db, id: number): Promise<InsightList> {
  await requireOpportunity(db, id);
  return { items: await selectInsights(db, id) };
}

/** The insight after a change, and the opportunity's insights as the part's version. */
async function insightAfter(
  trx: Transaction<DB>,
  id: number,
  insightNo: number,
): Promise<{ one: Insight; all: InsightList }> {
  const all = { items: await selectInsights(trx, id) };
  const one = all.items.find((i) => i.id === insightNo);
  if (!one) throw notFound('Insight');
  return { one, all };
}

export async function createInsight(
  db: Db,
  actor: Actor,
  id: number,
  input: InsightInput,
): Promise<Insight> {
  const { one } = await db.transaction().execute(async (trx) => {
    const handle = await requireOpportunityForUpdate(trx, id);
    const insightNo = await insertInsight(trx, handle, input.message, actor.userNo);
    const after = await insightAfter(trx, id, insightNo);
    await recordEvaluateVersion(trx, handle, 'insights', after.all, actor);
    return after;
  });
  return one;
}

/** Spec 3 §6: only the owner edits or deletes; 404 for an insight not on this opportunity. */
async function requireOwnInsight(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  insightNo: number,
  actor: Actor,
): Promise<void> {
  const row = await lockInsight(trx, handle, insightNo);
  if (!row) throw notFound('Insight');
  if (!canChangeInsight({ ownedById: row.owned_by }, actor.userNo)) {
    throw new HttpProblem(403, 'Forbidden', INCUMBENT_MESSAGES.insightNotOwner);
  }
}

export async function updateInsight(
  db: Db,
  actor: Actor,
  id: number,
  insightNo: number,
  input: InsightInput,
): Promise<Insight> {
  const { one } = await db.transaction().execute(async (trx) => {
    const handle = await requireOpportunityForUpdate(trx, id);
    await requireOwnInsight(trx, handle, insightNo, actor);
    await updateInsightMessage(trx, handle, insightNo, input.message);
    const after = await insightAfter(trx, id, insightNo);
    await recordEvaluateVersion(trx, handle, 'insights', after.all, actor);
    return after;
  });
  return one;
}

export async function deleteInsight(
  db: Db,
  actor: Actor,
  id: number,
  insightNo: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const handle = await requireOpportunityForUpdate(trx, id);
    await requireOwnInsight(trx, handle, insightNo, actor);
    await deleteInsightRow(trx, handle, insightNo);
    await recordEvaluateVersion(
      trx,
      handle,
      'insights',
      { items: await selectInsights(trx, id) },
      actor,
    );
  });
}

// ---- Aggregates ----

export async function getAggregates(db: Db, id: number): Promise<IncumbentAggregates> {
  await requireOpportunity(db, id);
  return (await selectAggregates(db, id)) ?? EMPTY_AGGREGATES;
}

export async function saveAggregates(
  db: Db,
  actor: Actor,
  id: number,
  input: IncumbentAggregates,
): Promise<IncumbentAggregates> {
  return savePart(db, actor, id, 'aggregates', async (trx, handle) => {
    await upsertAggregates(trx, handle, input, actor.userNo);
    return (await selectAggregates(trx, id)) ?? EMPTY_AGGREGATES;
  });
}

// ---- Contacts ----

export async function getContacts(db: Db, id: number): Promise<OpportunityContactList> {
  await requireOpportunity(db, id);
  return { contacts: await selectContacts(db, id) };
}

/** Empty rows were dropped by the schema (spec 3 §5); what is left fills the first slots. */
export async function saveContacts(
  db: Db,
  actor: Actor,
  id: number,
  input: OpportunityContactListInput,
): Promise<OpportunityContactList> {
  return savePart(db, actor, id, 'contacts', async (trx, handle) => {
    await replaceContacts(trx, handle, input.contacts);
    return { contacts: await selectContacts(trx, id) };
  });
}

// ---- Renewals and competitor entries ----

export async function getRenewals(db: Db, id: number): Promise<RenewalList> {
  await requireOpportunity(db, id);
  return { entries: await selectRenewals(db, id) };
}

/** Replaces the entries whole (at most three, by the schema); totals computed here. */
export async function saveRenewals(
  db: Db,
  actor: Actor,
  id: number,
  input: RenewalListInput,
): Promise<RenewalList> {
  return savePart(db, actor, id, 'renewals', async (trx, handle) => {
    await replaceRenewals(trx, handle, input.entries.map(withRebateTotals));
    return { entries: await selectRenewals(trx, id) };
  });
}

export async function deleteRenewal(
  db: Db,
  actor: Actor,
  id: number,
  entryNo: number,
): Promise<RenewalList> {
  return savePart(db, actor, id, 'renewals', async (trx, handle) => {
    if (!(await deleteRenewalRow(trx, handle, entryNo))) throw notFound('Renewal entry');
    return { entries: await selectRenewals(trx, id) };
  });
}
