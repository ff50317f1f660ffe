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
  type ConditionSettings,
  type ConditionSettingsInput,
  type Intervention,
  type InterventionList,
  type InterventionListDetail,
  type InterventionListInput,
  type InterventionListPage,
  type InterventionPage,
  type ListPbms,
  type ListPbmsInput,
  type TargetDrug,
  type TargetDrugPage,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/call-api.ts';
import { interventionListKeys } from '../query-keys.ts';

/** A page of the lists table (spec 2 §7 "Lists and paging"). */
export interface InterventionListsSearch {
  limit: number;
  offset: number;
  /** field:asc|desc over INTERVENTION_LIST_SORT_FIELDS; by name when absent. */
  sort?: string;
}

/** A page of a list's change history, newest first. */
export interface ListHistorySearch {
  limit: number;
  offset: number;
}

// ---- Reads ----

/** GET /protect/v1/intervention-lists?limit&offset&sort */
export function listInterventionLists(
  search: InterventionListsSearch,
  signal?: AbortSignal,
): Promise<InterventionListPage> {
  return callApi(clinicalContracts.listLists, { query: search, signal });
}

export function interventionListsQueryOptions(search: InterventionListsSearch) {
  return queryOptions({
    queryKey: interventionListKeys.page(search),
    queryFn: ({ signal }) => listInterventionLists(search, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every list's id and name (limit=0, by name): what the wizard compares a typed name with, so a
 * duplicate disables Next before the server would refuse it.
 */
export function useInterventionListNames(enabled = true) {
  return useQuery({
    queryKey: interventionListKeys.names(),
    queryFn: ({ signal }) =>
      callApi(clinicalContracts.listLists, {
        query: { limit: 0, sort: 'name:asc' },
        signal,
      }).then((page) => page.data.map(({ id, name }) => ({ id, name }))),
    enabled,
    staleTime: 0,
  });
}

/** GET /protect/v1/intervention-list/{id}[?asOf=YYYY-MM-DD]: the list, today or as it stood. */
export function getInterventionList(
  id: number,
  asOf: string | null,
  signal?: AbortSignal,
): Promise<InterventionListDetail> {
  return callApi(clinicalContracts.getList, {
    params: { id },
    query: asOf ? { asOf } : {},
    signal,
  });
}

export function interventionListQueryOptions(id: number | null, asOf: string | null = null) {
  return queryOptions({
    queryKey: interventionListKeys.asOf(id ?? 0, asOf),
    queryFn: ({ signal }) => getInterventionList(id!, asOf, signal),
    enabled: id !== null,
  });
}

export function useInterventionList(id: number | null, asOf: string | null = null) {
  return useQuery(interventionListQueryOptions(id, asOf));
}

/** GET /protect/v1/intervention-list/{id}/history?limit&offset: who changed what, when. */
export function listInterventionListHistory(
  id: number,
  search: ListHistorySearch,
  signal?: AbortSignal,
): Promise<ClinicalHistoryPage> {
  return callApi(clinicalContracts.listHistory, {
    params: { id },
    query: { ...search, sort: 'changed_at:desc' },
    signal,
  });
}

export function interventionListHistoryQueryOptions(id: number, search: ListHistorySearch) {
  return queryOptions({
    queryKey: interventionListKeys.history(id, search),
    queryFn: ({ signal }) => listInterventionListHistory(id, search, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /protect/v1/interventions?limit=0&sort=name:asc (spec 2 §9: dropdowns load all). */
export function useInterventions() {
  return useQuery({
    queryKey: interventionListKeys.interventions(),
    queryFn: ({ signal }): Promise<InterventionPage> =>
      callApi(clinicalContracts.listInterventions, {
        query: { limit: 0, sort: 'name:asc' },
        signal,
      }),
  });
}

// ---- Writes ----

/**
 * A refused write's own words (the server names the field: a taken name, an unknown drug code);
 * null when the generic error notification should speak.
 */
export function interventionListRefusal(error: unknown): string | null {
  if (!isApiError(error) || !error.detail) return null;
  return error.status === 400 || error.status === 409 ? error.detail : null;
}

/** Every write changes the list's detail and the table's rows (counts, Last Updated). */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: interventionListKeys.lists() }),
      id === undefined
        ? Promise.resolve()
        : queryClient.invalidateQueries({ queryKey: interventionListKeys.detail(id) }),
    ]);
}

/** POST /protect/v1/intervention-lists: create (no id) or rename and set status (with id). */
export function saveInterventionList(input: InterventionListInput): Promise<InterventionList> {
  return callApi(clinicalContracts.saveList, { body: input });
}

export function useSaveInterventionList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: saveInterventionList,
    // The wizard shows a refused name at the field.
    meta: { title: 'Save List', method: 'POST', notifySuccess: false, notifyError: false },
    onSuccess: (list) => invalidate(list.id),
  });
}

/** POST /protect/v1/intervention-list/{id}/target-drugs: add drug codes; answers them all. */
export function addTargetDrugs(id: number, codes: readonly string[]): Promise<TargetDrugPage> {
  return callApi(clinicalContracts.addTargetDrugs, {
    params: { id },
    body: { drug_codes: [...codes] },
  });
}

export function useAddTargetDrugs(id: number | null) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (codes: readonly string[]) => addTargetDrugs(id!, codes),
    meta: { title: 'Add Target Drug', method: 'POST' },
    onSuccess: () => invalidate(id!),
  });
}

/** DELETE /protect/v1/intervention-list/{id}/target-drug/{drugId} (with its alternatives). */
export function removeTargetDrug(id: number, drugId: number): Promise<null> {
  return callApi(clinicalContracts.removeTargetDrug, { params: { id, drugId } });
}

export function useRemoveTargetDrug(id: number | null) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (drugId: number) => removeTargetDrug(id!, drugId),
    meta: { title: 'Remove Target Drug', method: 'DELETE' },
    // Spec 2 §4: removing a target drug refreshes the drug list.
    onSuccess: () => invalidate(id!),
  });
}

/** PUT …/target-drug/{drugId}/alternative-drugs: the target drug's whole set of alternatives. */
export function setAlternativeDrugs(
  id: number,
  drugId: number,
  codes: readonly string[],
): Promise<TargetDrug> {
  return callApi(clinicalContracts.setAlternativeDrugs, {
    params: { id, drugId },
    body: { drug_codes: [...codes] },
  });
}

export function useSetAlternativeDrugs(id: number | null) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ drugId, codes }: { drugId: number; codes: readonly string[] }) =>
      setAlternativeDrugs(id!, drugId, codes),
    meta: { title: 'Save Alternative Drugs', method: 'PUT', notifySuccess: false },
    onSuccess: () => invalidate(id!),
  });
}

/** PUT /protect/v1/intervention-list/{id}/pbms: the PBMs the list applies to. */
export function setListPbms(id: number, input: ListPbmsInput): Promise<ListPbms> {
  return callApi(clinicalContracts.setPbms, { params: { id }, body: input });
}

export function useSetListPbms(id: number | null) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: ListPbmsInput) => setListPbms(id!, input),
    meta: { title: 'Save PBMs', method: 'PUT', notifySuccess: false },
    onSuccess: () => invalidate(id!),
  });
}

/** PUT /protect/v1/intervention-list/{id}/condition-settings: conditions and interventions. */
export function setConditionSettings(
  id: number,
  input: ConditionSettingsInput,
): Promise<ConditionSettings> {
  return callApi(clinicalContracts.setConditionSettings, { params: { id }, body: input });
}

export function useSetConditionSettings(id: number | null) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: ConditionSettingsInput) => setConditionSettings(id!, input),
    meta: { title: 'Save Condition Settings', method: 'PUT', notifySuccess: false },
    onSuccess: () => invalidate(id!),
  });
}

/** POST /protect/v1/interventions: a new intervention for the settings' dropdown. */
export function createIntervention(name: string): Promise<Intervention> {
  return callApi(clinicalContracts.createIntervention, { body: { name } });
}

export function useCreateIntervention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntervention,
    meta: { title: 'Create Intervention', method: 'POST', notifyError: false },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: interventionListKeys.interventions() }),
  });
}
