import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLINICAL_MESSAGES,
  type ClinicalHistoryPage,
  type ConditionDrug,
  type ConditionDrugPage,
  type ConditionSettings,
  type HealthCondition,
  type HealthConditionPage,
  type Intervention,
  type InterventionList,
  type InterventionListDetail,
  type InterventionListPage,
  type InterventionPage,
  type ListPbms,
  type TargetDrug,
  type TargetDrugPage,
} from '@pillar/domain';
import { badJsonValue } from '../../test/bad-input.ts';
import { given } from '../../test/given.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { insertCases } from './index.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/protect/v1';
/** Class codes of our own (98…), written into drug_class before the tests that need them. */
const DRUGS = {
  metformin: { code: '9810100010', name: 'Zq metformin' },
  glipizide: { code: '9810100020', name: 'Zq glipizide' },
  lisinopril: { code: '9820100010', name: 'Zq lisinopril' },
  losartan: { code: '9820100020', name: 'Zq losartan' },
  atorvastatin: { code: '9830100010', name: 'Zq atorvastatin' },
} as const;
let drugsLoaded = false;

async function loadDrugs(): Promise<void> {
  if (drugsLoaded) return;
  drugsLoaded = true;
  await t.ctx.db
    .insertInto('drug_class')
    .values(
      Object.values(DRUGS).map((d) => ({
        code: d.code,
        name: d.name,
        created_by: null,
        updated_by: null,
      })),
    )
    .execute();
}

let counter = 0;
/** A name no other test uses. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  caller: Caller = 'clinician',
) {
  return t.injectAs(caller, {
    method,
    url: `${BASE}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.body ? response.json() : null) as T;
}

function expectProblem(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  field?: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const problem = response.json<{ params?: Record<string, string>; detail?: string }>();
  if (field) expect(Object.keys(problem.params ?? {})).toContain(field);
  if (field && message) expect(problem.params?.[field]).toContain(message);
}

const newCondition = async (name = unique('Condition')) =>
  ok<HealthCondition>('POST', '/health-condition', { name });
const newList = async (name = unique('List'), extra: object = {}) =>
  ok<InterventionList>('POST', '/intervention-lists', { name, ...extra });

describe('health conditions', () => {
  it('creates a trimmed condition with who and when, reads it, and lists it', async () => {
    const name = unique('Diabetes Type 2');
    const created = await ok<HealthCondition>('POST', '/health-condition', {
      name: `  ${name}  `,
    });
    expect(created).toMatchObject({
      name,
      drug_count: 0,
      created_by_name: 'Amara Mensah',
      updated_by_name: 'Amara Mensah',
    });
    expect(Date.parse(created.created_at)).not.toBeNaN();
    expect(await ok('GET', `/health-condition/${created.id}`)).toEqual(created);
    const page = await ok<HealthConditionPage>(
      'GET',
      `/health-conditions?name=${encodeURIComponent(name.toUpperCase())}`,
    );
    expect(page).toEqual({ data: [created], totalCount: 1 });
  });

  it('refuses an empty, whitespace or missing name with the spec message', async () => {
    for (const payload of [{ name: '' }, { name: '   \t ' }, {}, { name: null }]) {
      expectProblem(
        await call('POST', '/health-condition', payload),
        400,
        'name',
        CLINICAL_MESSAGES.missingRequiredField,
      );
    }
  });

  it('refuses a 10,000-character name and a NUL', async () => {
    expectProblem(
      await call('POST', '/health-condition', { name: 'x'.repeat(10_000) }),
      400,
      'name',
    );
    expectProblem(await call('POST', '/health-condition', { name: 'a\u0000b' }), 400, 'name');
  });

  it('refuses a duplicate name, compared without case and extra spaces, on create and rename', async () => {
    const first = await newCondition(unique('Chronic  Kidney Disease'));
    const variant = `  ${first.name.toUpperCase().replace(' ', '   ')} `;
    expectProblem(
      await call('POST', '/health-condition', { name: variant }),
      409,
      'name',
      CLINICAL_MESSAGES.conditionNameTaken,
    );
    const second = await newCondition();
    expectProblem(
      await call('PUT', `/health-condition/${second.id}`, { name: variant }),
      409,
      'name',
    );
    // Renaming a condition to its own name in another case is no duplicate.
    const renamed = await ok<HealthCondition>('PUT', `/health-condition/${first.id}`, {
      name: first.name.toLowerCase(),
    });
    expect(renamed.name).toBe(first.name.toLowerCase());
  });

  it('renames with history (old and new), and 404s an unknown id', async () => {
    const condition = await newCondition();
    const newName = unique('Renamed');
    await ok('PUT', `/health-condition/${condition.id}`, { name: newName });
    const history = await ok<ClinicalHistoryPage>(
      'GET',
      `/health-condition/${condition.id}/history`,
    );
    expect(history.data.map((h) => [h.change, h.field, h.old_value, h.new_value])).toEqual([
      ['updated', 'name', condition.name, newName],
      ['created', 'name', null, condition.name],
    ]);
    expect(history.data[0]?.changed_by_name).toBe('Amara Mensah');
    expectProblem(await call('GET', '/health-condition/2147483647'), 404);
    expectProblem(await call('PUT', '/health-condition/2147483647', { name: unique('X') }), 404);
    expectProblem(await call('GET', '/health-condition/2147483647/history'), 404);
  });

  it('pages, sorts and answers everything with limit=0', async () => {
    const prefix = unique('Pgq');
    for (const letter of ['c', 'a', 'b']) await newCondition(`${prefix} ${letter}`);
    const q = `name=${encodeURIComponent(prefix)}`;
    const firstPage = await ok<HealthConditionPage>('GET', `/health-conditions?${q}&limit=2`);
    expect(firstPage.totalCount).toBe(3);
    expect(firstPage.data.map((c) => c.name.slice(-1))).toEqual(['a', 'b']);
    const desc = await ok<HealthConditionPage>(
      'GET',
      `/health-conditions?${q}&limit=1&offset=1&sort=name:desc`,
    );
    expect(desc.data.map((c) => c.name.slice(-1))).toEqual(['b']);
    const byDrugs = await ok<HealthConditionPage>(
      'GET',
      `/health-conditions?${q}&sort=drug_count:desc`,
    );
    expect(byDrugs.totalCount).toBe(3);
    const all = await ok<HealthConditionPage>(
      'GET',
      `/health-conditions?${q}&limit=0&sort=name:asc`,
    );
    expect(all.data).toHaveLength(3);
  });

  it('refuses bad paging with a 400 naming the field', async () => {
    expectProblem(await call('GET', '/health-conditions?limit=-1'), 400, 'limit');
    expectProblem(await call('GET', '/health-conditions?limit=101'), 400, 'limit');
    expectProblem(await call('GET', '/health-conditions?offset=-5'), 400, 'offset');
    expectProblem(await call('GET', '/health-conditions?sort=created_by:asc'), 400, 'sort');
    expectProblem(await call('GET', '/health-conditions?sort=name'), 400, 'sort');
    expectProblem(await call('GET', `/health-conditions?name=${'x'.repeat(10_000)}`), 400, 'name');
  });
});

describe('condition drugs', () => {
  it('adds drugs by class code with the reference name, lists them, removes one, and keeps history', async () => {
    await loadDrugs();
    const condition = await newCondition();
    const added = await ok<ConditionDrug>('POST', '/drug-conditions', {
      health_condition_id: condition.id,
      drug_code: DRUGS.metformin.code,
    });
    expect(added).toMatchObject({
      drug_code: DRUGS.metformin.code,
      drug_name: DRUGS.metformin.name,
      health_condition_id: condition.id,
    });
    await ok('POST', '/drug-conditions', {
      health_condition_id: condition.id,
      drug_code: ` ${DRUGS.glipizide.code} `,
    });
    const page = await ok<ConditionDrugPage>(
      'GET',
      `/drug-conditions?health_condition_id=${condition.id}&limit=0`,
    );
    expect(page.data.map((d) => d.drug_code)).toEqual([DRUGS.glipizide.code, DRUGS.metformin.code]);
    expect((await ok<HealthCondition>('GET', `/health-condition/${condition.id}`)).drug_count).toBe(
      2,
    );

    expect((await call('DELETE', `/drug-conditions?id=${added.id}`)).statusCode).toBe(204);
    expectProblem(await call('DELETE', `/drug-conditions?id=${added.id}`), 404);
    const after = await ok<ConditionDrugPage>(
      'GET',
      `/drug-conditions?health_condition_id=${condition.id}`,
    );
    expect(after.data.map((d) => d.drug_code)).toEqual([DRUGS.glipizide.code]);

    const history = await ok<ClinicalHistoryPage>(
      'GET',
      `/health-condition/${condition.id}/history`,
    );
    expect(history.data.map((h) => [h.change, h.old_value ?? h.new_value])).toEqual([
      ['drug-removed', `${DRUGS.metformin.code} ${DRUGS.metformin.name}`],
      ['drug-added', `${DRUGS.glipizide.code} ${DRUGS.glipizide.name}`],
      ['drug-added', `${DRUGS.metformin.code} ${DRUGS.metformin.name}`],
      ['created', condition.name],
    ]);
  });

  it('refuses the same drug twice, an unknown or malformed code, and unknown ids', async () => {
    await loadDrugs();
    const condition = await newCondition();
    const body = { health_condition_id: condition.id, drug_code: DRUGS.lisinopril.code };
    await ok('POST', '/drug-conditions', body);
    expectProblem(
      await call('POST', '/drug-conditions', body),
      409,
      'drug_code',
      CLINICAL_MESSAGES.conditionDrugExists(DRUGS.lisinopril.code),
    );
    expectProblem(
      await call('POST', '/drug-conditions', { ...body, drug_code: '9899999999' }),
      400,
      'drug_code',
      CLINICAL_MESSAGES.drugCodeUnknown('9899999999'),
    );
    for (const drug_code of ['12345', 'ABCDEFGHIJ', '', '1'.repeat(10_000), null]) {
      expectProblem(
        await call('POST', '/drug-conditions', { ...body, drug_code }),
        400,
        'drug_code',
      );
    }
    expectProblem(
      await call('POST', '/drug-conditions', { ...body, health_condition_id: 2147483647 }),
      404,
    );
    expectProblem(await call('GET', '/drug-conditions?health_condition_id=2147483647'), 404);
    expectProblem(await call('GET', '/drug-conditions'), 400, 'health_condition_id');
    expectProblem(await call('DELETE', '/drug-conditions'), 400, 'id');
    expectProblem(await call('DELETE', '/drug-conditions?id=2147483647'), 404);
  });
});

describe('interventions', () => {
  it('creates one, lists all by name, and refuses a duplicate or empty name', async () => {
    const name = unique('Generic substitution');
    const created = await ok<Intervention>('POST', '/interventions', { name });
    expect(created).toMatchObject({ name, created_by_name: 'Amara Mensah' });
    const all = await ok<InterventionPage>('GET', '/interventions?limit=0');
    expect(all.data.map((i) => i.id)).toContain(created.id);
    const names = all.data.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expectProblem(
      await call('POST', '/interventions', { name: ` ${name.toUpperCase()} ` }),
      409,
      'name',
      CLINICAL_MESSAGES.interventionNameTaken,
    );
    expectProblem(await call('POST', '/interventions', { name: ' ' }), 400, 'name');
  });
});

describe('intervention lists', () => {
  it('creates without id, renames and deactivates with id, answering the list; history says so', async () => {
    const name = unique('Statins');
    const list = await newList(name);
    expect(list).toMatchObject({
      name,
      is_active: true,
      prospective_cases: 0,
      retrospective_cases: 0,
      created_by_name: 'Amara Mensah',
    });
    const renamed = await ok<InterventionList>('POST', '/intervention-lists', {
      id: list.id,
      name: `${name} v2`,
      is_active: false,
    });
    expect(renamed).toMatchObject({ id: list.id, name: `${name} v2`, is_active: false });
    // The same name again changes nothing and writes no history.
    await ok('POST', '/intervention-lists', { id: list.id, name: `${name} v2` });
    const history = await ok<ClinicalHistoryPage>('GET', `/intervention-list/${list.id}/history`);
    expect(history.data.map((h) => [h.change, h.field, h.old_value, h.new_value])).toEqual([
      ['updated', 'status', 'Active', 'Inactive'],
      ['updated', 'name', name, `${name} v2`],
      ['created', 'name', null, name],
    ]);
    expectProblem(await call('GET', '/intervention-list/2147483647/history'), 404);
  });

  it('refuses empty and duplicate names (its own namespace), and an unknown id', async () => {
    const list = await newList();
    expectProblem(
      await call('POST', '/intervention-lists', { name: '' }),
      400,
      'name',
      CLINICAL_MESSAGES.missingRequiredField,
    );
    expectProblem(
      await call('POST', '/intervention-lists', { name: `${list.name.toLowerCase()}  ` }),
      409,
      'name',
      CLINICAL_MESSAGES.listNameTaken,
    );
    const other = await newList();
    expectProblem(
      await call('POST', '/intervention-lists', { id: other.id, name: list.name }),
      409,
      'name',
    );
    // A condition may share a list's name: separate namespaces.
    await newCondition(list.name);
    expectProblem(
      await call('POST', '/intervention-lists', { id: 2147483647, name: unique('Y') }),
      404,
    );
    expectProblem(await call('GET', '/intervention-list/2147483647'), 404);
    expectProblem(
      await call('POST', '/intervention-lists', { name: 'x', is_active: 'no' }),
      400,
      'is_active',
    );
  });

  it('adds and removes target drugs, sets alternatives, PBMs and condition settings, all shown on the list', async () => {
    await loadDrugs();
    const list = await newList();
    const url = `/intervention-list/${list.id}`;
    const targets = await ok<TargetDrugPage>('POST', `${url}/target-drugs`, {
      drug_codes: [DRUGS.lisinopril.code, DRUGS.atorvastatin.code],
    });
    expect(targets.data.map((d) => [d.drug_code, d.drug_name])).toEqual([
      [DRUGS.lisinopril.code, DRUGS.lisinopril.name],
      [DRUGS.atorvastatin.code, DRUGS.atorvastatin.name],
    ]);
    const lisinopril = targets.data[0]!;
    const withAlternatives = await ok<TargetDrug>(
      'PUT',
      `${url}/target-drug/${lisinopril.id}/alternative-drugs`,
      { drug_codes: [DRUGS.losartan.code] },
    );
    expect(withAlternatives.alternative_drugs.map((a) => a.drug_name)).toEqual([
      DRUGS.losartan.name,
    ]);
    expect(
      await ok<ListPbms>('PUT', `${url}/pbms`, { pbms: ['Optum', 'Express Scripts'] }),
    ).toEqual({ pbms: ['Express Scripts', 'Optum'] });
    const condition = await newCondition();
    const intervention = await ok<Intervention>('POST', '/interventions', {
      name: unique('Therapeutic alternative'),
    });
    const settings = await ok<ConditionSettings>('PUT', `${url}/condition-settings`, {
      settings: [{ health_condition_id: condition.id, intervention_id: intervention.id }],
    });
    expect(settings.data).toEqual([
      {
        health_condition_id: condition.id,
        health_condition_name: condition.name,
        intervention_id: intervention.id,
        intervention_name: intervention.name,
      },
    ]);
    expect(await ok('GET', `${url}/condition-settings`)).toEqual(settings);
    expect(await ok('GET', `${url}/pbms`)).toEqual({ pbms: ['Express Scripts', 'Optum'] });

    const detail = await ok<InterventionListDetail>('GET', url);
    expect(detail).toMatchObject({
      id: list.id,
      name: list.name,
      as_of: null,
      pbms: ['Express Scripts', 'Optum'],
      condition_settings: settings.data,
    });
    expect(detail.target_drugs.map((d) => [d.drug_code, d.alternative_drugs.length])).toEqual([
      [DRUGS.lisinopril.code, 1],
      [DRUGS.atorvastatin.code, 0],
    ]);

    expect((await call('DELETE', `${url}/target-drug/${lisinopril.id}`)).statusCode).toBe(204);
    expectProblem(await call('DELETE', `${url}/target-drug/${lisinopril.id}`), 404);
    const left = await ok<TargetDrugPage>('GET', `${url}/target-drugs`);
    expect(left.data.map((d) => d.drug_code)).toEqual([DRUGS.atorvastatin.code]);

    const history = await ok<ClinicalHistoryPage>('GET', `${url}/history?limit=100`);
    // Newest first; the entries of one change come in the reverse of the order written.
    expect(history.data.map((h) => h.change)).toEqual([
      'alternative-drug-removed',
      'target-drug-removed',
      'condition-setting-added',
      'pbm-added',
      'pbm-added',
      'alternative-drug-added',
      'target-drug-added',
      'target-drug-added',
      'created',
    ]);
  });

  it('refuses duplicate, unknown and malformed drugs, bad PBMs and unknown settings', async () => {
    await loadDrugs();
    const list = await newList();
    const url = `/intervention-list/${list.id}`;
    const targets = await ok<TargetDrugPage>('POST', `${url}/target-drugs`, {
      drug_codes: [DRUGS.metformin.code],
    });
    const target = targets.data[0]!;
    expectProblem(
      await call('POST', `${url}/target-drugs`, { drug_codes: [DRUGS.metformin.code] }),
      409,
      'drug_codes',
      CLINICAL_MESSAGES.targetDrugExists(DRUGS.metformin.code),
    );
    expectProblem(
      await call('POST', `${url}/target-drugs`, { drug_codes: ['9899999998'] }),
      400,
      'drug_codes',
      CLINICAL_MESSAGES.drugCodeUnknown('9899999998'),
    );
    expectProblem(await call('POST', `${url}/target-drugs`, { drug_codes: [] }), 400, 'drug_codes');
    expectProblem(
      await call('POST', `${url}/target-drugs`, {
        drug_codes: [DRUGS.glipizide.code, DRUGS.glipizide.code],
      }),
      400,
      'drug_codes.1',
    );
    expectProblem(
      await call('PUT', `${url}/target-drug/${target.id}/alternative-drugs`, {
        drug_codes: [DRUGS.metformin.code],
      }),
      400,
      'drug_codes',
      CLINICAL_MESSAGES.alternativeIsTarget(DRUGS.metformin.code),
    );
    expectProblem(
      await call('PUT', `${url}/target-drug/2147483647/alternative-drugs`, { drug_codes: [] }),
      404,
    );
    expectProblem(await call('PUT', `${url}/pbms`, { pbms: ['Acme PBM'] }), 400, 'pbms.0');
    expectProblem(await call('PUT', `${url}/pbms`, { pbms: ['Optum', 'Optum'] }), 400, 'pbms');
    expectProblem(
      await call('PUT', `${url}/condition-settings`, {
        settings: [{ health_condition_id: 2147483647, intervention_id: 2147483647 }],
      }),
      400,
      'settings',
    );
    expectProblem(
      await call('POST', '/intervention-list/2147483647/target-drugs', {
        drug_codes: [DRUGS.metformin.code],
      }),
      404,
    );
    expectProblem(await call('GET', '/intervention-list/2147483647/target-drugs'), 404);
    expectProblem(await call('GET', '/intervention-list/2147483647/pbms'), 404);
    expectProblem(await call('GET', '/intervention-list/2147483647/condition-settings'), 404);
    expectProblem(await call('DELETE', '/intervention-list/2147483647/target-drug/1'), 404);
  });

  it("changes a setting's intervention and removes a setting, with old and new in the history", async () => {
    const list = await newList();
    const url = `/intervention-list/${list.id}`;
    const condition = await newCondition();
    const first = await ok<Intervention>('POST', '/interventions', {
      name: unique('Safety review'),
    });
    const second = await ok<Intervention>('POST', '/interventions', { name: unique('Dose check') });
    const setting = (intervention: Intervention) => ({
      settings: [{ health_condition_id: condition.id, intervention_id: intervention.id }],
    });
    await ok('PUT', `${url}/condition-settings`, setting(first));
    await ok('PUT', `${url}/condition-settings`, setting(second));
    await ok('PUT', `${url}/condition-settings`, { settings: [] });
    const history = await ok<ClinicalHistoryPage>('GET', `${url}/history?limit=3`);
    expect(history.data.map((h) => [h.change, h.field, h.old_value, h.new_value])).toEqual([
      ['condition-setting-removed', condition.name, second.name, null],
      ['condition-setting-changed', condition.name, first.name, second.name],
      ['condition-setting-added', condition.name, null, first.name],
    ]);
    expect(history.totalCount).toBe(4);
  });

  it('counts active prospective and retrospective cases, and sorts by them and by status', async () => {
    const prefix = unique('Cases');
    const busy = await newList(`${prefix} busy`);
    const quiet = await newList(`${prefix} quiet`, { is_active: false });
    const { employee } = await given(t).organization().group().employee().build();
    const employeeNo = employee.employeeNo;
    const row = (kind: 'prospective' | 'retrospective', status: 'active' | 'resolved') => ({
      intervention_list_no: busy.id,
      employee_no: employeeNo,
      dependent_no: null,
      kind,
      status,
    });
    await insertCases(t.ctx.db, [
      row('prospective', 'active'),
      row('prospective', 'active'),
      row('prospective', 'resolved'),
      row('retrospective', 'active'),
    ]);
    const q = `name=${encodeURIComponent(prefix)}`;
    const byProspective = await ok<InterventionListPage>(
      'GET',
      `/intervention-lists?${q}&sort=prospective_cases:desc`,
    );
    expect(
      byProspective.data.map((l) => [l.name, l.prospective_cases, l.retrospective_cases]),
    ).toEqual([
      [busy.name, 2, 1],
      [quiet.name, 0, 0],
    ]);
    const byStatus = await ok<InterventionListPage>(
      'GET',
      `/intervention-lists?${q}&sort=is_active:asc`,
    );
    expect(byStatus.data.map((l) => l.is_active)).toEqual([false, true]);
    const inactive = await ok<InterventionListPage>(
      'GET',
      `/intervention-lists?${q}&is_active=false`,
    );
    expect(inactive.data.map((l) => l.id)).toEqual([quiet.id]);
    expectProblem(await call('GET', '/intervention-lists?is_active=maybe'), 400, 'is_active');
    expectProblem(await call('GET', '/intervention-lists?sort=drugs:asc'), 400, 'sort');
  });

  it('shows a list as it stood on a past date, from the snapshot of its last change before then', async () => {
    await loadDrugs();
    const list = await newList();
    const url = `/intervention-list/${list.id}`;
    await ok('POST', `${url}/target-drugs`, { drug_codes: [DRUGS.losartan.code] });
    // Move the list's past back: creation three days ago, the drug two days ago.
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const snapshots = await t.ctx.db
      .selectFrom('intervention_list_snapshot')
      .select('snapshot_no')
      .where('intervention_list_no', '=', list.id)
      .orderBy('snapshot_no')
      .execute();
    expect(snapshots).toHaveLength(2);
    await t.ctx.db
      .updateTable('intervention_list_snapshot')
      .set({ taken_at: day(3) } as never)
      .where('snapshot_no', '=', snapshots[0]!.snapshot_no)
      .execute();
    await t.ctx.db
      .updateTable('intervention_list_snapshot')
      .set({ taken_at: day(2) } as never)
      .where('snapshot_no', '=', snapshots[1]!.snapshot_no)
      .execute();
    await ok('POST', '/intervention-lists', { id: list.id, name: `${list.name} renamed` });
    const iso = (d: Date) => d.toISOString().slice(0, 10);

    const threeDaysAgo = await ok<InterventionListDetail>('GET', `${url}?asOf=${iso(day(3))}`);
    expect(threeDaysAgo).toMatchObject({ id: list.id, name: list.name, as_of: iso(day(3)) });
    expect(threeDaysAgo.target_drugs).toEqual([]);
    const twoDaysAgo = await ok<InterventionListDetail>('GET', `${url}?asOf=${iso(day(2))}`);
    expect(twoDaysAgo.name).toBe(list.name);
    expect(twoDaysAgo.target_drugs.map((d) => d.drug_code)).toEqual([DRUGS.losartan.code]);
    const today = await ok<InterventionListDetail>('GET', `${url}?asOf=${iso(new Date())}`);
    expect(today.name).toBe(`${list.name} renamed`);

    expectProblem(await call('GET', `${url}?asOf=${iso(day(5))}`), 404, 'asOf');
    expectProblem(await call('GET', `${url}?asOf=2024-02-30`), 400, 'asOf');
    expectProblem(await call('GET', `${url}?asOf=yesterday`), 400, 'asOf');
  });
});

describe('access', () => {
  it('lets a clinician read and write; refuses a broker both', async () => {
    expect((await call('GET', '/health-conditions')).statusCode).toBe(200);
    expect((await call('GET', '/health-conditions', undefined, 'broker')).statusCode).toBe(403);
    expect(
      (await call('POST', '/health-condition', { name: unique('Z') }, 'broker')).statusCode,
    ).toBe(403);
    expect((await call('GET', '/intervention-lists', undefined, 'broker')).statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('never answers a 5xx to a bad value in any body field of any write', async () => {
    const condition = await newCondition();
    const list = await newList();
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', '/health-condition', { name: 'x' }],
      ['PUT', `/health-condition/${condition.id}`, { name: 'x' }],
      ['POST', '/drug-conditions', { health_condition_id: condition.id, drug_code: '9810100010' }],
      ['POST', '/intervention-lists', { id: list.id, name: 'x', is_active: true }],
      ['POST', `/intervention-list/${list.id}/target-drugs`, { drug_codes: ['9810100010'] }],
      ['PUT', `/intervention-list/${list.id}/pbms`, { pbms: ['Optum'] }],
      [
        'PUT',
        `/intervention-list/${list.id}/condition-settings`,
        { settings: [{ health_condition_id: condition.id, intervention_id: 1 }] },
      ],
      ['POST', '/interventions', { name: 'x' }],
    ];
    const samples = fc.sample(
      fc.record({ write: fc.constantFrom(...writes), value: badJsonValue, field: fc.nat() }),
      { seed: 20261124, numRuns: 150 },
    );
    const failures: string[] = [];
    for (const { write, value, field } of samples) {
      const [method, url, body] = write;
      const keys = Object.keys(body);
      const key = keys[field % keys.length]!;
      const response = await call(method as 'POST', url, { ...body, [key]: value });
      if (response.statusCode >= 500) {
        failures.push(`${method} ${url} ${key}=${String(JSON.stringify(value)).slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('demo seed', () => {
  it('has real conditions with catalogue drugs, interventions, and lists with counted cases', async () => {
    const conditions = await ok<HealthConditionPage>('GET', '/health-conditions?limit=0');
    const byName = new Map(conditions.data.map((c) => [c.name, c]));
    for (const name of ['Diabetes Type 2', 'Hypertension', 'Hyperlipidemia', 'Asthma', 'COPD']) {
      expect(byName.get(name)?.drug_count, name).toBeGreaterThan(0);
    }
    expect(byName.get('Diabetes Type 2')?.created_by_name).toBe('Amara Mensah');
    const diabetes = await ok<ConditionDrugPage>(
      'GET',
      `/drug-conditions?health_condition_id=${byName.get('Diabetes Type 2')!.id}&limit=0`,
    );
    expect(diabetes.data.map((d) => d.drug_name)).toContain('Metformin hydrochloride');

    const interventions = await ok<InterventionPage>('GET', '/interventions?limit=0');
    expect(interventions.data.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Generic substitution', 'Therapeutic alternative', 'Safety review']),
    );

    const lists = await ok<InterventionListPage>('GET', '/intervention-lists?limit=0');
    const list = (name: string) => lists.data.find((l) => l.name === name);
    expect(list('Statins: Generic Substitution')).toMatchObject({
      is_active: true,
      prospective_cases: 14,
      retrospective_cases: 6,
    });
    expect(list('ARB Brand to Generic 2025')).toMatchObject({ is_active: false });
    const counted = await t.ctx.db
      .selectFrom('intervention_case')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(lists.data.reduce((n, l) => n + l.prospective_cases + l.retrospective_cases, 0)).toBe(
      Number(counted.n),
    );

    // The statins list was renamed 40 days before the seed's today: 60 days before, it had
    // its first name, its target drug and its alternatives.
    const statins = list('Statins: Generic Substitution')!;
    const detail = await ok<InterventionListDetail>('GET', `/intervention-list/${statins.id}`);
    expect(detail.target_drugs[0]?.alternative_drugs.length).toBeGreaterThan(0);
    expect(detail.pbms).toEqual(['Express Scripts', 'Optum', 'Caremark']);
    const before = await ok<InterventionListDetail>(
      'GET',
      `/intervention-list/${statins.id}?asOf=2026-09-02`,
    );
    expect(before).toMatchObject({ name: 'Statin Generic Substitution', as_of: '2026-09-02' });
    expect(before.target_drugs).toEqual(detail.target_drugs);
    expectProblem(await call('GET', `/intervention-list/${statins.id}?asOf=2026-06-01`), 404);
    const history = await ok<ClinicalHistoryPage>(
      'GET',
      `/intervention-list/${statins.id}/history`,
    );
    expect(history.data[0]).toMatchObject({
      change: 'updated',
      field: 'name',
      old_value: 'Statin Generic Substitution',
      new_value: 'Statins: Generic Substitution',
    });
    expect(history.data[0]!.changed_at.slice(0, 10)).toBe('2026-09-22');
  });
});
