import { drugSearchPage, drugSearchQuery } from '../drug-reference.ts';
import { PERMISSIONS } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

/**
 * The drug search reads a public reference (the FDA directory plus our class codes), no member
 * data; clinicians search it to build conditions and intervention lists, so either clinical
 * permission opens it (decision 0106).
 */
const searchDrugs = { anyOf: [PERMISSIONS.clinicalView, PERMISSIONS.clinicalEdit] } as const;

/** The drug reference (spec 2 §7 "Drug search"). */
export const drugReferenceContracts = {
  search: defineContract({
    method: 'GET',
    service: 'keystoneFile',
    path: '/drug-details',
    query: drugSearchQuery,
    answer: drugSearchPage,
    access: searchDrugs,
    tags: ['drug-reference'],
    summary: 'Drug packages by name words, NDC prefix or class-code prefix',
    description:
      'q: digits only (an even number) match the start of the NDC-11 or of the class code; an ' +
      'NDC with hyphens matches the start of the NDC as published; other text matches when each ' +
      'word starts a word of the proprietary or nonproprietary name. distinct=gpi_10 answers one ' +
      'row per class code (the package with the highest NDC among the matches). Newest NDC first ' +
      'by default; the count stops at 1,000 (totalCountCapped).',
  }),
};
