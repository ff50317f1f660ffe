import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { fakeApi } from '../../shared/api/fake-api.ts';
import {
  addTargetDrugs,
  createIntervention,
  getInterventionList,
  interventionListRefusal,
  listInterventionListHistory,
  listInterventionLists,
  removeTargetDrug,
  saveInterventionList,
  setAlternativeDrugs,
  setConditionSettings,
  setListPbms,
} from './api/intervention-list-calls.ts';
import { interventionListKeys } from './query-keys.ts';

const BASE = 'https://api.example/protect/v1';

describe('the intervention list calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read the lists, one list today or as of a date, and its history at the service paths', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await listInterventionLists({ limit: 20, offset: 40, sort: 'prospective_cases:desc' });
    await getInterventionList(7, null);
    await getInterventionList(7, '2026-01-31');
    await listInterventionListHistory(7, { limit: 20, offset: 0 });
    expect(seen.lines()).toEqual([
      `GET ${BASE}/intervention-lists?limit=20&offset=40&sort=prospective_cases%3Adesc`,
      `GET ${BASE}/intervention-list/7`,
      `GET ${BASE}/intervention-list/7?asOf=2026-01-31`,
      `GET ${BASE}/intervention-list/7/history?limit=20&offset=0&sort=changed_at%3Adesc`,
    ]);
  });

  it('write the name (without id, then with it), drugs, PBMs, settings and interventions', async () => {
    const seen = fakeApi({ id: 7, name: 'Statins', data: [], totalCount: 0 });
    await saveInterventionList({ name: 'Statins' });
    await saveInterventionList({ id: 7, name: 'Statins', is_active: false });
    await addTargetDrugs(7, ['2407011010']);
    await setAlternativeDrugs(7, 3, ['2407012010']);
    await setListPbms(7, { pbms: ['Optum'] });
    await setConditionSettings(7, { settings: [{ health_condition_id: 2, intervention_id: 5 }] });
    await createIntervention('Statin switch');
    expect(seen.lines()).toEqual([
      `POST ${BASE}/intervention-lists`,
      `POST ${BASE}/intervention-lists`,
      `POST ${BASE}/intervention-list/7/target-drugs`,
      `PUT ${BASE}/intervention-list/7/target-drug/3/alternative-drugs`,
      `PUT ${BASE}/intervention-list/7/pbms`,
      `PUT ${BASE}/intervention-list/7/condition-settings`,
      `POST ${BASE}/interventions`,
    ]);
    expect(seen.map((r) => r.body)).toEqual([
      { name: 'Statins' },
      { id: 7, name: 'Statins', is_active: false },
      { drug_codes: ['2407011010'] },
      { drug_codes: ['2407012010'] },
      { pbms: ['Optum'] },
      { settings: [{ health_condition_id: 2, intervention_id: 5 }] },
      { name: 'Statin switch' },
    ]);
  });

  it('remove a target drug by its id', async () => {
    const seen = fakeApi(null, { status: 204 });
    await removeTargetDrug(7, 3);
    expect(seen.lines()).toEqual([`DELETE ${BASE}/intervention-list/7/target-drug/3`]);
  });

  it("show the server's words for a refused name or drug, not for other failures", () => {
    const taken = new ApiError({
      status: 409,
      title: 'Conflict',
      detail: 'An intervention list with this name already exists',
    });
    const bad = new ApiError({
      status: 400,
      title: 'Bad Request',
      detail: 'Drug code 9999999999 is not in the drug reference',
    });
    expect(interventionListRefusal(taken)).toBe(taken.detail);
    expect(interventionListRefusal(bad)).toBe(bad.detail);
    expect(
      interventionListRefusal(
        new ApiError({ status: 500, title: 'Internal Server Error', detail: 'boom' }),
      ),
    ).toBeNull();
    expect(interventionListRefusal(new Error('offline'))).toBeNull();
  });

  it('key every read under one root, a list and its past views under its detail', () => {
    expect(interventionListKeys.page({ limit: 20, offset: 0 }).slice(0, 2)).toEqual(
      interventionListKeys.lists(),
    );
    expect(interventionListKeys.names().slice(0, 2)).toEqual(interventionListKeys.lists());
    expect(interventionListKeys.asOf(7, '2026-01-31').slice(0, 3)).toEqual(
      interventionListKeys.detail(7),
    );
    expect(interventionListKeys.history(7, { limit: 20, offset: 0 }).slice(0, 3)).toEqual(
      interventionListKeys.detail(7),
    );
  });
});
