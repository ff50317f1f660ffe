import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HealthCondition } from '@pillar/domain';
import { fakeApi } from '../../shared/api/fake-api.ts';
import {
  ALL_CONDITIONS,
  addConditionDrug,
  createHealthCondition,
  getHealthCondition,
  listConditionDrugs,
  listHealthConditionHistory,
  listHealthConditions,
  removeConditionDrug,
  updateHealthCondition,
} from './api/condition-calls.ts';
import { healthConditionKeys } from './query-keys.ts';

const BASE = 'https://api.example/protect/v1';

const CONDITION: HealthCondition = {
  id: 7,
  name: 'Asthma',
  drug_count: 0,
  created_by: 1,
  created_by_name: 'Amara Okafor',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_by: 1,
  updated_by_name: 'Amara Okafor',
  updated_at: '2026-11-24T10:00:00.000Z',
};

describe('the health condition calls (spec 2 §7 "Protect service")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read conditions (all of them for the dropdowns and the name check), drugs and history', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await listHealthConditions(ALL_CONDITIONS);
    await listHealthConditions({ limit: 20, offset: 40, sort: 'updated_at:desc' });
    await listConditionDrugs(7);
    await listHealthConditionHistory(7, { limit: 10, offset: 10 });
    expect(seen.lines()).toEqual([
      `GET ${BASE}/health-conditions?limit=0&offset=0&sort=name%3Aasc`,
      `GET ${BASE}/health-conditions?limit=20&offset=40&sort=updated_at%3Adesc`,
      `GET ${BASE}/drug-conditions?health_condition_id=7&limit=0&offset=0&sort=drug_name%3Aasc`,
      `GET ${BASE}/health-condition/7/history?limit=10&offset=10&sort=changed_at%3Adesc`,
    ]);
  });

  it('create with POST /health-condition, rename with PUT /health-condition/{id}, read one', async () => {
    const seen = fakeApi(CONDITION);
    await createHealthCondition('Asthma');
    await updateHealthCondition(7, 'Asthma (adult)');
    await getHealthCondition(7);
    expect(seen.lines()).toEqual([
      `POST ${BASE}/health-condition`,
      `PUT ${BASE}/health-condition/7`,
      `GET ${BASE}/health-condition/7`,
    ]);
    expect(seen.map((r) => r.body)).toEqual([
      { name: 'Asthma' },
      { name: 'Asthma (adult)' },
      undefined,
    ]);
  });

  it('add a drug with POST /drug-conditions and remove it with DELETE /drug-conditions?id=', async () => {
    const added = fakeApi({
      id: 3,
      drug_code: '2201011010',
      drug_name: 'Metformin hydrochloride',
      health_condition_id: 7,
      created_by: 1,
      created_by_name: 'Amara Okafor',
      created_at: '2026-11-24T10:00:00.000Z',
    });
    await addConditionDrug(7, '2201011010');
    expect(added.lines()).toEqual([`POST ${BASE}/drug-conditions`]);
    expect(added[0]?.body).toEqual({ health_condition_id: 7, drug_code: '2201011010' });
    const removed = fakeApi(null, { status: 204 });
    await removeConditionDrug(3);
    expect(removed.lines()).toEqual([`DELETE ${BASE}/drug-conditions?id=3`]);
  });

  it('keys one condition under its id, so a drug change refreshes its drugs and history', () => {
    const condition = healthConditionKeys.condition(7);
    expect(healthConditionKeys.drugs(7).slice(0, condition.length)).toEqual(condition);
    expect(healthConditionKeys.history(7, { limit: 10, offset: 0 }).slice(0, 2)).toEqual(condition);
    expect(healthConditionKeys.detail(7).slice(0, 2)).toEqual(condition);
    expect(healthConditionKeys.list(ALL_CONDITIONS).slice(0, 2)).toEqual(
      healthConditionKeys.lists(),
    );
  });
});
