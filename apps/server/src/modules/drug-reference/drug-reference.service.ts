import type { DrugSearch, DrugSearchPage } from '@pillar/domain';
import { searchDrugs, type DrugReadDatabases } from './drug-reference.repo.ts';

/*
 * The drug search: the term was read by the contract (readDrugSearchTerm: even digits, words);
 * the reference is public data, so there is no scope beyond the contract's permission and
 * nothing to audit per read. Decision 0106.
 */
export function drugDetails(
  databases: DrugReadDatabases,
  search: DrugSearch,
): Promise<DrugSearchPage> {
  return searchDrugs(databases, search);
}
