import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  clinicalContracts,
  type ClinicalHistoryPage,
  type ConditionDrug,
  type ConditionDrugPage,
  type HealthCondition,
  type HealthConditionPage,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { healthConditionKeys } from '../query-keys.ts';

/** A page of conditions (spec 2 §7 "Lists and paging"); limit 0 asks for all of them. */
export interface HealthConditionSearch {
  limit: number;
  offset: number;
  /** field:asc|desc over HEALTH_CONDITION_SORT_FIELDS; name:asc when absent. */
  sort?: string;
  name?: string;
}

/** A page of a condition's history, newest first. */
export interface ClinicalHistorySearch {
  limit: number;
  offset: number;
}

/** Spec 2 §9: the condition dropdowns load every condition (limit 0), by name ascending. */
export const ALL_CONDITIONS: HealthConditionSearch = { limit: 0, offset: 0, sort: 'name:asc' };

const retryUnlessRefused = (failures: number, error: Error) =>
  !hasStatus(error, 400, 403, 404) && failures < 3;

/** GET {protect}/health-conditions */
export function listHealthConditions(
  search: HealthConditionSearch,
  signal?: AbortSignal,
): Promise<HealthConditionPage> {
  return callApi(clinicalContracts.listConditions, { query: { ...search }, signal });
}

export function healthConditionsQueryOptions(search: HealthConditionSearch) {
  return queryOptions({
    queryKey: healthConditionKeys.list(search),
    queryFn: ({ signal }) => listHealthConditions(search, signal),
    retry: retryUnlessRefused,
  });
}

export function useHealthConditions(search: HealthConditionSearch, enabled = true) {
  return useQuery({
    ...healthConditionsQueryOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET {protect}/health-condition/{id} */
export function getHealthCondition(id: number, signal?: AbortSignal): Promise<HealthCondition> {
  return callApi(clinicalContracts.getCondition, { params: { id }, signal });
}

export function healthConditionQueryOptions(id: number) {
  return queryOptions({
    queryKey: healthConditionKeys.detail(id),
    queryFn: ({ signal }) => getHealthCondition(id, signal),
    retry: retryUnlessRefused,
  });
}

export function useHealthCondition(id: number, enabled = true) {
  return useQuery({ ...healthConditionQueryOptions(id), enabled });
}

/** POST {protect}/health-condition (name). */
export function createHealthCondition(name: string): Promise<HealthCondition> {
  return callApi(clinicalContracts.createCondition, { body: { name } });
}

/** PUT {protect}/health-condition/{id} (name). */
export function updateHealthCondition(id: number, name: string): Promise<HealthCondition> {
  return callApi(clinicalContracts.updateCondition, { params: { id }, body: { name } });
}

/** Create (no id) or rename (id) a condition; the lists and the condition are read again. */
export function useSaveHealthCondition() {
  const client = useQueryClient();
  return useMutation({
    // The modal shows a refusal at the name field and notifies anything else itself.
    meta: { notifyError: false },
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id === undefined ? createHealthCondition(name) : updateHealthCondition(id, name),
    onSuccess: async (saved) => {
      client.setQueryData(healthConditionKeys.detail(saved.id), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: healthConditionKeys.lists() }),
        client.invalidateQueries({ queryKey: healthConditionKeys.condition(saved.id) }),
      ]);
    },
  });
}

/** GET {protect}/health-condition/{id}/history */
export function listHealthConditionHistory(
  id: number,
  search: ClinicalHistorySearch,
  signal?: AbortSignal,
): Promise<ClinicalHistoryPage> {
  return callApi(clinicalContracts.conditionHistory, {
    params: { id },
    query: { ...search, sort: 'changed_at:desc' },
    signal,
  });
}

export function useHealthConditionHistory(id: number, search: ClinicalHistorySearch) {
  return useQuery({
    queryKey: healthConditionKeys.history(id, search),
    queryFn: ({ signal }) => listHealthConditionHistory(id, search, signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

/** GET {protect}/drug-conditions?health_condition_id: every drug of the condition (limit 0). */
export function listConditionDrugs(id: number, signal?: AbortSignal): Promise<ConditionDrugPage> {
  return callApi(clinicalContracts.listConditionDrugs, {
    query: { health_condition_id: id, limit: 0, offset: 0, sort: 'drug_name:asc' },
    signal,
  });
}

export function conditionDrugsQueryOptions(id: number) {
  return queryOptions({
    queryKey: healthConditionKeys.drugs(id),
    queryFn: ({ signal }) => listConditionDrugs(id, signal),
    retry: retryUnlessRefused,
  });
}

export function useConditionDrugs(id: number) {
  return useQuery(conditionDrugsQueryOptions(id));
}

/** After a drug is added or removed: the condition (drugs, history) and the lists' counts. */
function useDrugsChanged(id: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: healthConditionKeys.condition(id) }),
      client.invalidateQueries({ queryKey: healthConditionKeys.lists() }),
    ]);
}

/** POST {protect}/drug-conditions (health_condition_id, drug_code). */
export function addConditionDrug(id: number, drugCode: string): Promise<ConditionDrug> {
  return callApi(clinicalContracts.addConditionDrug, {
    body: { health_condition_id: id, drug_code: drugCode },
  });
}

export function useAddConditionDrug(id: number) {
  const changed = useDrugsChanged(id);
  return useMutation({
    mutationFn: (drugCode: string) => addConditionDrug(id, drugCode),
    onSuccess: changed,
  });
}

/** DELETE {protect}/drug-conditions?id= (the condition drug's id). */
export function removeConditionDrug(conditionDrugId: number): Promise<null> {
  return callApi(clinicalContracts.removeConditionDrug, { query: { id: conditionDrugId } });
}

export function useRemoveConditionDrug(id: number) {
  const changed = useDrugsChanged(id);
  return useMutation({
    mutationFn: (conditionDrugId: number) => removeConditionDrug(conditionDrugId),
    onSuccess: changed,
  });
}
