/*
 * The drug reference entity (spec 2 §7 "Drug search"): the drug-details call with its query
 * keys, and the blocks the clinical screens reuse. Features import only this file.
 *
 * Blocks:
 * - `<DrugSearchSelect value? onChange={(code, drug) => …} excludeCodes? />`: the debounced
 *   (2 s), 10-result drug search by name, NDC or class code; the search-term rule's message
 *   under the field.
 * - `<DrugDrawer code={gpi10 | null} onClose />`: one drug class with its packages (NDCs).
 */
export { drugKeys } from './query-keys.ts';
export {
  drugSearchQueryOptions,
  searchDrugs,
  useDrugSearch,
  type DrugSearchQuery,
} from './api/search-drugs.ts';
export {
  DrugSearchSelect,
  drugOptionLabel,
  type DrugSearchSelectProps,
} from './ui/drug-search-select.tsx';
export { DRUG_DRAWER_PACKAGES, DrugDrawer, type DrugDrawerProps } from './ui/drug-drawer.tsx';
