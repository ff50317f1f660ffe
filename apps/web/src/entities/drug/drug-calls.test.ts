import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DrugDetail } from '@pillar/domain';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { searchDrugs } from './api/search-drugs.ts';
import { drugOptionLabel } from './ui/drug-search-select.tsx';

const DRUG: DrugDetail = {
  gpi_10: '2407011010',
  ndc: '67877051190',
  package_ndc: '67877-511-90',
  product_ndc: '67877-511',
  drug_name: 'Atorvastatin Calcium 10 mg',
  proprietary_name: 'Atorvastatin Calcium',
  nonproprietary_name: 'Atorvastatin calcium',
  strength: '10 mg',
  dosage_form: 'TABLET, FILM COATED',
  route: 'ORAL',
  labeler: 'Ascend Laboratories, LLC',
  brand_generic: 'generic',
  marketing_category: 'ANDA',
  marketing_start_date: null,
  marketing_end_date: null,
  package_description: '90 TABLET, FILM COATED in 1 BOTTLE',
  class_name: 'HMG-CoA reductase inhibitors',
};

describe('the drug search (spec 2 §7 "Drug search")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks GET /keystonefile/v1/drug-details with the spec parameters', async () => {
    const seen = fakeApi({ data: [DRUG], totalCount: 1 });
    await searchDrugs({
      q: '6787705119',
      distinct: 'gpi_10',
      sort: 'ndc:desc',
      offset: 0,
      limit: 10,
    });
    expect(seen.lines()).toEqual([
      'GET https://api.example/keystonefile/v1/drug-details?q=6787705119&distinct=gpi_10&sort=ndc%3Adesc&offset=0&limit=10',
    ]);
  });

  it('labels an option with the class code, the name and an example NDC 5-4-2', () => {
    expect(drugOptionLabel(DRUG)).toBe(
      '2407011010 · Atorvastatin calcium · e.g. NDC 67877-0511-90',
    );
    expect(drugOptionLabel({ ...DRUG, gpi_10: null, nonproprietary_name: '' })).toBe(
      '— · Atorvastatin Calcium 10 mg · e.g. NDC 67877-0511-90',
    );
  });
});
