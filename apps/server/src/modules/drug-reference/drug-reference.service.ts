import type { Kysely } from 'kysely';
import type { DrugSearch, DrugSearchPage } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { searchDrugs } from './drug-reference.repo.ts';

/*
 * The drug search: the term was read by the contract (readDrugSearchTerm: even digits, words);
 * the reference is public data, so there is no scope beyond the contract's permission and
 * nothing to audit per read. Decision 0106.
 */
export function drugDetails(db: Kysely<DB>, search: DrugSearch): Promise<DrugSearchPage> {
  return searchDrugs(db, search);
}
