import type { Kysely } from 'kysely';
import {
  CRM_SEARCH_LIMIT,
  EVALUATE_MESSAGES,
  EVALUATE_TEXT_MAX_LENGTH,
  INT4_MAX,
  NABP_PAD_LENGTH,
  NPI_PAD_LENGTH,
  isIsoDate,
  normalizeDiscounts,
  type ContractInfo,
  type ContractInfoAnswer,
  type CrmOpportunity,
  type EvaluateHistoryPart,
  type EvaluateHistoryQuery,
  type EvaluateVersionDetail,
  type EvaluateVersionPage,
  type IncumbentContractInput,
  type OpportunitiesQuery,
  type OpportunityDetail,
  type OpportunityPage,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import { CrmUnavailableError, type CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, notFound } from '../../platform/http/problem.ts';
import { recordEvaluateVersion } from './evaluate-history.ts';
import { requireOpportunity, requireOpportunityForUpdate } from './evaluate.access.ts';
import {
  findContract,
  findOpportunity,
  findOpportunityNoBySfId,
  findVersion,
  insertOpportunity,
  listOpportunities as selectOpportunities,
  listVersions as selectVersions,
  refreshOpportunity,
  saveContract as writeContract,
  userNosByEmail,
  type OpportunityValues,
} from './evaluate.repo.ts';

/*
 * The evaluate area's opportunity, contract and history rules (spec 3 §2, §5, §7; decision
 * 0114). Who may call is the routes' rule; here: opportunities come from the CRM (created once
 * per Salesforce ID, refreshed on demand), the contract is checked by its domain schema on the
 * way in and saved with a version of its whole state in one transaction.
 */

type Db = Kysely<DB>;
type Actor = Pick<Principal, 'userNo'>;

/** 502 'Problem getting data from Salesforce' (spec 3 §2) when the CRM fails. */
export function crmProblem(): HttpProblem {
  return new HttpProblem(502, EVALUATE_MESSAGES.crmProblem, EVALUATE_MESSAGES.crmProblem);
}

/** Runs a CRM call; its outage becomes the 502 problem (the cause is not shown). */
async function fromCrm<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CrmUnavailableError) throw crmProblem();
    throw error;
  }
}

// ---- CRM service (/salesforce/v1) ----

export async function searchCrm(crm: CrmAdapter, employerName: string): Promise<CrmOpportunity[]> {
  return fromCrm(() => crm.searchOpportunities(employerName, CRM_SEARCH_LIMIT));
}

export async function getCrmOpportunity(crm: CrmAdapter, sfId: string): Promise<CrmOpportunity> {
  const found = await fromCrm(() => crm.getOpportunity(sfId));
  if (!found) throw new HttpProblem(404, 'Not Found', EVALUATE_MESSAGES.crmOpportunityNotFound);
  return found;
}

// ---- Opportunities ----

export async function listOpportunities(
  db: Db,
  principal: Actor,
  query: OpportunitiesQuery,
): Promise<OpportunityPage> {
  return selectOpportunities(db, query, principal.userNo);
}

export async function getOpportunity(db: Db, id: number): Promise<OpportunityDetail> {
  const found = await findOpportunity(db, id);
  if (!found) throw notFound('Opportunity');
  return found;
}

const TEXT_MAX = EVALUATE_TEXT_MAX_LENGTH;
const cut = (text: string | null): string | null =>
  text === null ? null : text.slice(0, TEXT_MAX);
const count = (n: number | null): number | null =>
  n !== null && Number.isInteger(n) && n >= 0 && n <= INT4_MAX ? n : null;
const digits = (text: string | null, max: number): string | null =>
  text !== null && new RegExp(`^[0-9]{1,${max}}$`, 'u').test(text.trim()) ? text.trim() : null;
const date = (text: string | null): string | null =>
  text !== null && isIsoDate(text.slice(0, 10)) ? text.slice(0, 10) : null;

/**
 * A CRM record made to fit our columns: Salesforce's fields are free text and numbers of its own
 * admins' making, so an over-long text is cut, a malformed NPI/NABP, count or date dropped,
 * rather than the import failing on one bad field.
 */
export function fitCrmRecord(crm: CrmOpportunity): CrmOpportunity {
  const person = (p: CrmOpportunity['owner']) =>
    p ? { name: p.name.slice(0, TEXT_MAX), email: p.email?.slice(0, 320) ?? null } : null;
  return {
    ...crm,
    employer: crm.employer.slice(0, TEXT_MAX) || crm.sfId,
    name: crm.name.slice(0, TEXT_MAX),
    broker: cut(crm.broker),
    owner: person(crm.owner),
    fa: person(crm.fa),
    spa: cut(crm.spa),
    employees: count(crm.employees),
    members: count(crm.members),
    incumbentPbm: cut(crm.incumbentPbm),
    tpa: cut(crm.tpa),
    medVendor: cut(crm.medVendor),
    targetEffectiveDate: date(crm.targetEffectiveDate),
    strategicGroup: cut(crm.strategicGroup),
    inHousePharmacyName: cut(crm.inHousePharmacyName),
    npiNumber: digits(crm.npiNumber, NPI_PAD_LENGTH),
    nabpNumber: digits(crm.nabpNumber, NABP_PAD_LENGTH),
    analysisDueFromFA: date(crm.analysisDueFromFA),
    analysisDueDate: date(crm.analysisDueDate),
  };
}

/** The CRM record's values with its owner and financial analyst matched to our users by e-mail. */
async function valuesOf(db: Db, record: CrmOpportunity): Promise<OpportunityValues> {
  const crm = fitCrmRecord(record);
  const emails = [crm.owner?.email, crm.fa?.email].filter((e): e is string => !!e);
  const users = await userNosByEmail(db, emails);
  const userOf = (email: string | null | undefined) =>
    email ? (users.get(email.toLowerCase()) ?? null) : null;
  return { crm, ownerUserNo: userOf(crm.owner?.email), faUserNo: userOf(crm.fa?.email) };
}

/**
 * The prospect opportunity of a CRM record ('Find Opportunity in SalesForce', then choose one):
 * made from the CRM's values on the first call, the existing one after (the same record chosen
 * twice, or by two users at once, is one opportunity).
 */
export async function createOpportunity(
  db: Db,
  crm: CrmAdapter,
  principal: Actor,
  sfOppId: string,
): Promise<OpportunityDetail> {
  const existing = await findOpportunityNoBySfId(db, sfOppId.slice(0, 15));
  if (existing !== undefined) return getOpportunity(db, existing);
  const record = await getCrmOpportunity(crm, sfOppId);
  const values = await valuesOf(db, record);
  const id = await db.transaction().execute(async (trx) => {
    const { no, created } = await insertOpportunity(trx, values, principal.userNo);
    // Another user's import of the same record won the race: theirs holds the first version.
    if (created) {
      const handle = await requireOpportunityForUpdate(trx, no);
      await recordEvaluateVersion(trx, handle, 'opportunity', values.crm, principal);
    }
    return no;
  });
  return getOpportunity(db, id);
}

/** POST /opps/sf-update: the CRM's current values over the opportunity's, and the load time. */
export async function refreshFromCrm(
  db: Db,
  crm: CrmAdapter,
  principal: Actor,
  id: number,
): Promise<OpportunityDetail> {
  const current = await getOpportunity(db, id);
  const record = await getCrmOpportunity(crm, current.sfOppId);
  const values = await valuesOf(db, record);
  await db.transaction().execute(async (trx) => {
    const handle = await requireOpportunityForUpdate(trx, id);
    await refreshOpportunity(trx, id, values, principal.userNo);
    await recordEvaluateVersion(trx, handle, 'opportunity', values.crm, principal);
  });
  return getOpportunity(db, id);
}

// ---- Incumbent contract ----

export async function getContract(db: Db, id: number): Promise<ContractInfoAnswer> {
  await requireOpportunity(db, id);
  return { contract: await findContract(db, id) };
}

export async function saveContract(
  db: Db,
  principal: Actor,
  id: number,
  input: IncumbentContractInput,
): Promise<ContractInfo> {
  await db.transaction().execute(async (trx) => {
    const handle = await requireOpportunityForUpdate(trx, id);
    await writeContract(trx, id, input, principal.userNo);
    const state = {
      contractTermLength: input.contractTermLength,
      contractEffDate: input.contractEffDate,
      ssgOrDsg: input.ssgOrDsg,
      discounts: normalizeDiscounts(input.discounts),
    };
    await recordEvaluateVersion(trx, handle, 'contract', state, principal);
  });
  const saved = await findContract(db, id);
  if (!saved) throw new Error('contract vanished after its save');
  return saved;
}

// ---- History ----

export async function listVersions(
  db: Db,
  id: number,
  query: EvaluateHistoryQuery,
): Promise<EvaluateVersionPage> {
  await requireOpportunity(db, id);
  return selectVersions(db, id, query);
}

export async function getVersion(
  db: Db,
  id: number,
  part: EvaluateHistoryPart,
  versionNo: number,
): Promise<EvaluateVersionDetail> {
  const found = await findVersion(db, id, part, versionNo);
  if (!found) throw notFound('Version');
  return found;
}
