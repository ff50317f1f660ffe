import type { Kysely, Transaction } from 'kysely';
import {
  CLINICAL_ALL_LIMIT,
  CLINICAL_MESSAGES,
  INTERVENTION_LIST_PBMS,
  clinicalNameKey,
  interventionListStatus,
  type AlternativeDrugsInput,
  type ClinicalHistoryPage,
  type ClinicalHistoryQuery,
  type ConditionDrug,
  type ConditionDrugInput,
  type ConditionDrugPage,
  type ConditionDrugsQuery,
  type ConditionSettings,
  type ConditionSettingsInput,
  type HealthCondition,
  type HealthConditionInput,
  type HealthConditionPage,
  type HealthConditionsQuery,
  type Intervention,
  type InterventionInput,
  type InterventionList,
  type InterventionListDetail,
  type InterventionListInput,
  type InterventionListPage,
  type InterventionListsQuery,
  type InterventionPage,
  type InterventionsQuery,
  type ListPbms,
  type ListPbmsInput,
  type TargetDrug,
  type TargetDrugPage,
  type TargetDrugsInput,
  type TargetDrugsQuery,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, badRequest, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { drugClassNames } from '../drug-reference/index.ts';
import { requireConditionForUpdate, requireListForUpdate } from './clinical.access.ts';
import {
  allTargetDrugs,
  conditionHasDrug,
  conditionNames,
  deleteAlternativeDrugs,
  deleteConditionDrug,
  deleteConditionSettings,
  deletePbms,
  deleteTargetDrug,
  existingTargetCodes,
  findCondition,
  findConditionByKey,
  findConditionDrug,
  findIntervention,
  findInterventionByKey,
  findList,
  findListByKey,
  findSnapshotBefore,
  findTargetDrug,
  insertAlternativeDrugs,
  insertCondition,
  insertConditionDrug,
  insertHistory,
  insertIntervention,
  insertList,
  insertPbms,
  insertSnapshot,
  insertTargetDrugs,
  interventionNames,
  isUniqueViolation,
  listConditionDrugs as selectConditionDrugs,
  listConditionSettings,
  listConditions as selectConditions,
  listHistory,
  listInterventions as selectInterventions,
  listLists as selectLists,
  listPbmNames,
  listTargetDrugs as selectTargetDrugs,
  touchCondition,
  touchList,
  updateConditionName,
  updateList,
  upsertConditionSettings,
  type HistoryValues,
} from './clinical.repo.ts';
import type { ListSnapshotState } from './clinical.tables.ts';

/*
 * The clinical configuration's rules (spec 2 §4, §5 "Clinical", §7 "Protect service";
 * decision 0107). Names are unique by clinicalNameKey (checked first for the message, and by the
 * unique index when two saves race); drug codes must exist in the drug reference, whose name is
 * stored; every change writes its history in the same transaction, and every change to a list
 * a snapshot of the whole list (the list as it stood on a past date).
 */

type Db = Kysely<DB>;
/** Who makes a change: the session's user (a Principal), or the demo seed's clinician. */
export type Actor = Pick<Principal, 'userNo'>;

const nameTaken = (message: string) => new HttpProblem(409, 'Conflict', message, { name: message });

const drugLabel = (code: string, name: string) => `${code} ${name}`;

/** Runs a write; a unique-index refusal (a race past the check) becomes `conflictProblem`. */
async function guarded<T>(run: () => Promise<T>, conflictProblem: () => HttpProblem): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictProblem();
    throw error;
  }
}

/** The reference names of `codes`; a 400 naming `field` lists the ones the reference lacks. */
async function referenceNames(
  db: Db,
  codes: readonly string[],
  field: string,
): Promise<Map<string, string>> {
  const names = await drugClassNames(db, codes);
  const unknown = codes.filter((c) => !names.has(c));
  if (unknown.length > 0) {
    const message = unknown.map((c) => CLINICAL_MESSAGES.drugCodeUnknown(c)).join('; ');
    throw badRequest(`${field}: ${message}`, { [field]: message });
  }
  return names;
}

// ---- Health conditions ----

export async function listConditions(
  db: Db,
  query: HealthConditionsQuery,
): Promise<HealthConditionPage> {
  return selectConditions(db, query);
}

export async function getCondition(db: Db, id: number): Promise<HealthCondition> {
  const condition = await findCondition(db, id);
  if (!condition) throw notFound('Health condition');
  return condition;
}

export async function createCondition(
  db: Db,
  actor: Actor,
  input: HealthConditionInput,
): Promise<HealthCondition> {
  const nameKey = clinicalNameKey(input.name);
  const taken = () => nameTaken(CLINICAL_MESSAGES.conditionNameTaken);
  const id = await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        if (await findConditionByKey(trx, nameKey)) throw taken();
        const id = await insertCondition(trx, {
          name: input.name,
          nameKey,
          userNo: actor.userNo,
        });
        await insertHistory(trx, 'health_condition', id, actor.userNo, [
          { change: 'created', field: 'name', new_value: input.name },
        ]);
        return id;
      }),
    taken,
  );
  return getCondition(db, id);
}

export async function updateCondition(
  db: Db,
  actor: Actor,
  id: number,
  input: HealthConditionInput,
): Promise<HealthCondition> {
  const nameKey = clinicalNameKey(input.name);
  const taken = () => nameTaken(CLINICAL_MESSAGES.conditionNameTaken);
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await requireConditionForUpdate(trx, id);
        if (current.name === input.name) return;
        const other = await findConditionByKey(trx, nameKey);
        if (other && other.id !== id) throw taken();
        await updateConditionName(trx, id, { name: input.name, nameKey, userNo: actor.userNo });
        await insertHistory(trx, 'health_condition', id, actor.userNo, [
          { change: 'updated', field: 'name', old_value: current.name, new_value: input.name },
        ]);
      }),
    taken,
  );
  return getCondition(db, id);
}

export async function conditionHistory(
  db: Db,
  id: number,
  query: ClinicalHistoryQuery,
): Promise<ClinicalHistoryPage> {
  await getCondition(db, id);
  return listHistory(db, 'health_condition', id, query);
}

// ---- Condition drugs ----

export async function listConditionDrugs(
  db: Db,
  query: ConditionDrugsQuery,
): Promise<ConditionDrugPage> {
  await getCondition(db, query.health_condition_id);
  return selectConditionDrugs(db, query);
}

export async function addConditionDrug(
  db: Db,
  actor: Actor,
  input: ConditionDrugInput,
): Promise<ConditionDrug> {
  const { health_condition_id: conditionId, drug_code: code } = input;
  const exists = () => {
    const message = CLINICAL_MESSAGES.conditionDrugExists(code);
    return new HttpProblem(409, 'Conflict', message, { drug_code: message });
  };
  const names = await referenceNames(db, [code], 'drug_code');
  const drugName = names.get(code) ?? code;
  const id = await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        await requireConditionForUpdate(trx, conditionId);
        if (await conditionHasDrug(trx, conditionId, code)) throw exists();
        const id = await insertConditionDrug(trx, {
          conditionId,
          drugCode: code,
          drugName,
          userNo: actor.userNo,
        });
        await touchCondition(trx, conditionId, actor.userNo);
        await insertHistory(trx, 'health_condition', conditionId, actor.userNo, [
          { change: 'drug-added', field: 'drug', new_value: drugLabel(code, drugName) },
        ]);
        return id;
      }),
    exists,
  );
  const drug = await findConditionDrug(db, id);
  if (!drug) throw notFound('Condition drug');
  return drug;
}

export async function removeConditionDrug(db: Db, actor: Actor, id: number): Promise<void> {
  const drug = await findConditionDrug(db, id);
  if (!drug) throw notFound('Condition drug');
  await db.transaction().execute(async (trx) => {
    await requireConditionForUpdate(trx, drug.health_condition_id);
    // Read again under the lock: a second delete of the same drug is a 404, not a second entry.
    if (!(await findConditionDrug(trx, id))) throw notFound('Condition drug');
    await deleteConditionDrug(trx, id);
    await touchCondition(trx, drug.health_condition_id, actor.userNo);
    await insertHistory(trx, 'health_condition', drug.health_condition_id, actor.userNo, [
      {
        change: 'drug-removed',
        field: 'drug',
        old_value: drugLabel(drug.drug_code, drug.drug_name),
      },
    ]);
  });
}

// ---- Interventions ----

export async function listInterventions(
  db: Db,
  query: InterventionsQuery,
): Promise<InterventionPage> {
  return selectInterventions(db, query);
}

export async function createIntervention(
  db: Db,
  actor: Actor,
  input: InterventionInput,
): Promise<Intervention> {
  const nameKey = clinicalNameKey(input.name);
  const taken = () => nameTaken(CLINICAL_MESSAGES.interventionNameTaken);
  const id = await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        if (await findInterventionByKey(trx, nameKey)) throw taken();
        return insertIntervention(trx, { name: input.name, nameKey, userNo: actor.userNo });
      }),
    taken,
  );
  const intervention = await findIntervention(db, id);
  if (!intervention) throw notFound('Intervention');
  return intervention;
}

// ---- Intervention lists ----

const PBM_ORDER: readonly string[] = INTERVENTION_LIST_PBMS;
const byPbmOrder = (a: string, b: string) =>
  PBM_ORDER.indexOf(a) - PBM_ORDER.indexOf(b) || a.localeCompare(b);

async function requireList(db: Db | Transaction<DB>, id: number): Promise<InterventionList> {
  const list = await findList(db, id);
  if (!list) throw notFound('Intervention list');
  return list;
}

/** The list's whole configuration now (what a snapshot keeps). */
async function listState(
  db: Db | Transaction<DB>,
  id: number,
): Promise<{ list: InterventionList; state: ListSnapshotState }> {
  const list = await requireList(db, id);
  const [targetDrugs, pbms, settings] = await Promise.all([
    allTargetDrugs(db, id),
    listPbmNames(db, id),
    listConditionSettings(db, id),
  ]);
  return {
    list,
    state: {
      name: list.name,
      is_active: list.is_active,
      created_by: list.created_by,
      created_by_name: list.created_by_name,
      created_at: list.created_at,
      updated_by: list.updated_by,
      updated_by_name: list.updated_by_name,
      updated_at: list.updated_at,
      target_drugs: targetDrugs,
      pbms: pbms.sort(byPbmOrder),
      condition_settings: settings,
    },
  };
}

/** After a change inside `trx`: the list's updater, its history, and a snapshot. */
async function recordListChange(
  trx: Transaction<DB>,
  actor: Actor,
  id: number,
  entries: readonly HistoryValues[],
  touch = true,
): Promise<void> {
  if (entries.length === 0) return;
  if (touch) await touchList(trx, id, actor.userNo);
  await insertHistory(trx, 'intervention_list', id, actor.userNo, entries);
  const { state } = await listState(trx, id);
  await insertSnapshot(trx, id, actor.userNo, state);
}

export async function listLists(
  db: Db,
  query: InterventionListsQuery,
): Promise<InterventionListPage> {
  return selectLists(db, query);
}

/** Spec 2 §3 "List create payload: name, plus id when editing". */
export async function saveList(
  db: Db,
  actor: Actor,
  input: InterventionListInput,
): Promise<InterventionList> {
  const nameKey = clinicalNameKey(input.name);
  const taken = () => nameTaken(CLINICAL_MESSAGES.listNameTaken);
  const id = await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        if (input.id === undefined) {
          if (await findListByKey(trx, nameKey)) throw taken();
          const isActive = input.is_active ?? true;
          const id = await insertList(trx, {
            name: input.name,
            nameKey,
            isActive,
            userNo: actor.userNo,
          });
          await recordListChange(
            trx,
            actor,
            id,
            [
              { change: 'created', field: 'name', new_value: input.name },
              ...(isActive
                ? []
                : [
                    {
                      change: 'updated',
                      field: 'status',
                      old_value: 'Active',
                      new_value: 'Inactive',
                    } as const,
                  ]),
            ],
            false,
          );
          return id;
        }
        const id = input.id;
        const current = await requireListForUpdate(trx, id);
        const isActive = input.is_active ?? current.is_active;
        const entries: HistoryValues[] = [];
        if (current.name !== input.name) {
          const other = await findListByKey(trx, nameKey);
          if (other && other.id !== id) throw taken();
          entries.push({
            change: 'updated',
            field: 'name',
            old_value: current.name,
            new_value: input.name,
          });
        }
        if (current.is_active !== isActive) {
          entries.push({
            change: 'updated',
            field: 'status',
            old_value: interventionListStatus(current.is_active),
            new_value: interventionListStatus(isActive),
          });
        }
        if (entries.length > 0) {
          await updateList(trx, id, {
            name: input.name,
            nameKey,
            isActive,
            userNo: actor.userNo,
          });
          await recordListChange(trx, actor, id, entries, false);
        }
        return id;
      }),
    taken,
  );
  return requireList(db, id);
}

const DAY_MS = 86_400_000;

/** One list with everything the wizard sets; with `asOf`, as it stood at the end of that day. */
export async function getList(
  db: Db,
  id: number,
  asOf: string | undefined,
): Promise<InterventionListDetail> {
  const { list, state } = await listState(db, id);
  if (asOf === undefined) return { ...list, ...state, id, as_of: null };
  const before = new Date(Date.parse(`${asOf}T00:00:00Z`) + DAY_MS);
  const past = await findSnapshotBefore(db, id, before);
  if (!past) {
    throw new HttpProblem(404, 'Not Found', CLINICAL_MESSAGES.notYetCreated, {
      asOf: CLINICAL_MESSAGES.notYetCreated,
    });
  }
  return {
    ...past,
    id,
    prospective_cases: list.prospective_cases,
    retrospective_cases: list.retrospective_cases,
    as_of: asOf,
  };
}

export async function interventionListHistory(
  db: Db,
  id: number,
  query: ClinicalHistoryQuery,
): Promise<ClinicalHistoryPage> {
  await requireList(db, id);
  return listHistory(db, 'intervention_list', id, query);
}

export async function listTargetDrugs(
  db: Db,
  id: number,
  query: TargetDrugsQuery,
): Promise<TargetDrugPage> {
  await requireList(db, id);
  return selectTargetDrugs(db, id, query);
}

export async function addTargetDrugs(
  db: Db,
  actor: Actor,
  id: number,
  input: TargetDrugsInput,
): Promise<TargetDrugPage> {
  const codes = input.drug_codes;
  const conflict = (existing: readonly string[]) => {
    const message = existing.map((c) => CLINICAL_MESSAGES.targetDrugExists(c)).join('; ');
    return new HttpProblem(409, 'Conflict', message, { drug_codes: message });
  };
  await requireList(db, id);
  const names = await referenceNames(db, codes, 'drug_codes');
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        await requireListForUpdate(trx, id);
        const existing = await existingTargetCodes(trx, id, codes);
        if (existing.length > 0) throw conflict(existing);
        const drugs = codes.map((code) => ({ code, name: names.get(code) ?? code }));
        await insertTargetDrugs(trx, id, actor.userNo, drugs);
        await recordListChange(
          trx,
          actor,
          id,
          drugs.map((d) => ({
            change: 'target-drug-added',
            field: 'target drug',
            new_value: drugLabel(d.code, d.name),
          })),
        );
      }),
    () => conflict(codes),
  );
  return selectTargetDrugs(db, id, { limit: CLINICAL_ALL_LIMIT, offset: 0 });
}

export async function removeTargetDrug(
  db: Db,
  actor: Actor,
  id: number,
  targetId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireListForUpdate(trx, id);
    const target = await findTargetDrug(trx, id, targetId);
    if (!target) throw notFound('Target drug');
    await deleteTargetDrug(trx, targetId);
    await recordListChange(trx, actor, id, [
      {
        change: 'target-drug-removed',
        field: 'target drug',
        old_value: drugLabel(target.drug_code, target.drug_name),
      },
      ...target.alternative_drugs.map((a): HistoryValues => ({
        change: 'alternative-drug-removed',
        field: target.drug_code,
        old_value: drugLabel(a.drug_code, a.drug_name),
      })),
    ]);
  });
}

export async function setAlternativeDrugs(
  db: Db,
  actor: Actor,
  id: number,
  targetId: number,
  input: AlternativeDrugsInput,
): Promise<TargetDrug> {
  const codes = input.drug_codes;
  await requireList(db, id);
  const names = await referenceNames(db, codes, 'drug_codes');
  await db.transaction().execute(async (trx) => {
    await requireListForUpdate(trx, id);
    const target = await findTargetDrug(trx, id, targetId);
    if (!target) throw notFound('Target drug');
    if (codes.includes(target.drug_code)) {
      const message = CLINICAL_MESSAGES.alternativeIsTarget(target.drug_code);
      throw badRequest(`drug_codes: ${message}`, { drug_codes: message });
    }
    const current = target.alternative_drugs;
    const removed = current.filter((a) => !codes.includes(a.drug_code));
    const added = codes
      .filter((c) => !current.some((a) => a.drug_code === c))
      .map((code) => ({ code, name: names.get(code) ?? code }));
    await deleteAlternativeDrugs(
      trx,
      targetId,
      removed.map((a) => a.drug_code),
    );
    await insertAlternativeDrugs(trx, targetId, actor.userNo, added);
    await recordListChange(trx, actor, id, [
      ...removed.map((a): HistoryValues => ({
        change: 'alternative-drug-removed',
        field: target.drug_code,
        old_value: drugLabel(a.drug_code, a.drug_name),
      })),
      ...added.map((a): HistoryValues => ({
        change: 'alternative-drug-added',
        field: target.drug_code,
        new_value: drugLabel(a.code, a.name),
      })),
    ]);
  });
  const target = await findTargetDrug(db, id, targetId);
  if (!target) throw notFound('Target drug');
  return target;
}

export async function getPbms(db: Db, id: number): Promise<ListPbms> {
  await requireList(db, id);
  return { pbms: (await listPbmNames(db, id)).sort(byPbmOrder) };
}

export async function setPbms(
  db: Db,
  actor: Actor,
  id: number,
  input: ListPbmsInput,
): Promise<ListPbms> {
  await db.transaction().execute(async (trx) => {
    await requireListForUpdate(trx, id);
    const current = await listPbmNames(trx, id);
    const wanted: readonly string[] = input.pbms;
    const removed = current.filter((p) => !wanted.includes(p));
    const added = wanted.filter((p) => !current.includes(p));
    await deletePbms(trx, id, removed);
    await insertPbms(trx, id, actor.userNo, added);
    await recordListChange(trx, actor, id, [
      ...removed.map((p): HistoryValues => ({ change: 'pbm-removed', field: 'pbm', old_value: p })),
      ...added.map((p): HistoryValues => ({ change: 'pbm-added', field: 'pbm', new_value: p })),
    ]);
  });
  return getPbms(db, id);
}

export async function getConditionSettings(db: Db, id: number): Promise<ConditionSettings> {
  await requireList(db, id);
  return { data: await listConditionSettings(db, id) };
}

export async function setConditionSettings(
  db: Db,
  actor: Actor,
  id: number,
  input: ConditionSettingsInput,
): Promise<ConditionSettings> {
  const wanted = input.settings;
  await requireList(db, id);
  const [conditions, interventions] = await Promise.all([
    conditionNames(
      db,
      wanted.map((s) => s.health_condition_id),
    ),
    interventionNames(
      db,
      wanted.map((s) => s.intervention_id),
    ),
  ]);
  const unknown = [
    ...wanted
      .filter((s) => !conditions.has(s.health_condition_id))
      .map((s) => `Health condition ${s.health_condition_id} does not exist`),
    ...wanted
      .filter((s) => !interventions.has(s.intervention_id))
      .map((s) => `Intervention ${s.intervention_id} does not exist`),
  ];
  if (unknown.length > 0) {
    const message = [...new Set(unknown)].join('; ');
    throw badRequest(`settings: ${message}`, { settings: message });
  }
  await db.transaction().execute(async (trx) => {
    await requireListForUpdate(trx, id);
    const current = await listConditionSettings(trx, id);
    const removed = current.filter(
      (c) => !wanted.some((w) => w.health_condition_id === c.health_condition_id),
    );
    const added = wanted.filter(
      (w) => !current.some((c) => c.health_condition_id === w.health_condition_id),
    );
    const changed = wanted.flatMap((w) => {
      const before = current.find((c) => c.health_condition_id === w.health_condition_id);
      return before && before.intervention_id !== w.intervention_id ? [{ before, after: w }] : [];
    });
    await deleteConditionSettings(
      trx,
      id,
      removed.map((r) => r.health_condition_id),
    );
    await upsertConditionSettings(trx, id, actor.userNo, [
      ...added,
      ...changed.map((c) => c.after),
    ]);
    const conditionName = (n: number) => conditions.get(n) ?? String(n);
    const interventionName = (n: number) => interventions.get(n) ?? String(n);
    await recordListChange(trx, actor, id, [
      ...removed.map((r): HistoryValues => ({
        change: 'condition-setting-removed',
        field: r.health_condition_name,
        old_value: r.intervention_name,
      })),
      ...added.map((a): HistoryValues => ({
        change: 'condition-setting-added',
        field: conditionName(a.health_condition_id),
        new_value: interventionName(a.intervention_id),
      })),
      ...changed.map((c): HistoryValues => ({
        change: 'condition-setting-changed',
        field: c.before.health_condition_name,
        old_value: c.before.intervention_name,
        new_value: interventionName(c.after.intervention_id),
      })),
    ]);
  });
  return getConditionSettings(db, id);
}
