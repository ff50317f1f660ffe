import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DRUG_SEARCH_EMPTY_MESSAGE,
  DRUG_SEARCH_NO_WORD_MESSAGE,
  DRUG_SEARCH_ODD_DIGITS_MESSAGE,
  DRUG_SEARCH_TOO_LONG_MESSAGE,
  brandOrGeneric,
  drugClassAncestors,
  drugClassLevel,
  drugSearchQuery,
  readDrugSearchTerm,
  searchNameOf,
  searchWords,
} from './drug-reference.ts';

describe('the search-term rule (spec 2 §5 "Clinical")', () => {
  it.each([
    ['58', { kind: 'code', digits: '58' }],
    ['581800', { kind: 'code', digits: '581800' }],
    ['  0002  ', { kind: 'code', digits: '0002' }],
    ['5818002000', { kind: 'code', digits: '5818002000' }],
    ['0002-32', { kind: 'ndc', text: '0002-32', digits: '000232', ndc11Prefix: undefined }],
    [
      '0002-3238-30',
      { kind: 'ndc', text: '0002-3238-30', digits: '0002323830', ndc11Prefix: undefined },
    ],
    ['00002-323', { kind: 'ndc', text: '00002-323', digits: '00002323', ndc11Prefix: '00002323' }],
    ['lisinopril', { kind: 'words', words: ['lisinopril'] }],
    ['a', { kind: 'words', words: ['a'] }],
    ['Amlo BESY', { kind: 'words', words: ['amlo', 'besy'] }],
    ['sodium-chloride 0.9%', { kind: 'words', words: ['sodium', 'chloride', '0', '9'] }],
    ['5 mg', { kind: 'words', words: ['5', 'mg'] }],
    ['Sérum', { kind: 'words', words: ['s', 'rum'] }],
  ])('%j is read as %j', (q, term) => {
    expect(readDrugSearchTerm(q)).toEqual({ ok: true, term });
  });

  it.each([
    ['', DRUG_SEARCH_EMPTY_MESSAGE],
    ['   ', DRUG_SEARCH_EMPTY_MESSAGE],
    ['5', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
    ['581', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
    ['00002323830', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
    ['0002-323', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
    ['00002-3238', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
    ['%%', DRUG_SEARCH_NO_WORD_MESSAGE],
    ['x'.repeat(101), DRUG_SEARCH_TOO_LONG_MESSAGE],
  ])('%j is refused: %s', (q, message) => {
    expect(readDrugSearchTerm(q)).toEqual({ ok: false, message });
  });

  it('an NDC-11 written 5-4-2 searches the NDC-11 by prefix', () => {
    expect(readDrugSearchTerm('00002-3238-30')).toMatchObject({ ok: false });
    expect(readDrugSearchTerm('00002-3238-3')).toEqual({
      ok: true,
      term: { kind: 'ndc', text: '00002-3238-3', digits: '0000232383', ndc11Prefix: '0000232383' },
    });
  });

  it('never throws, and a term it accepts has something to match', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (q) => {
        const reading = readDrugSearchTerm(q);
        if (!reading.ok) return;
        const t = reading.term;
        if (t.kind === 'words') expect(t.words.length).toBeGreaterThan(0);
        else expect(t.digits.length % 2).toBe(0);
      }),
    );
  });
});

describe('the query', () => {
  it('defaults to newest NDC first, 10 rows, and names the field it refuses', () => {
    expect(drugSearchQuery.parse({ q: 'ator' })).toEqual({
      q: { kind: 'words', words: ['ator'] },
      sort: 'desc',
      offset: 0,
      limit: 10,
    });
    for (const bad of [
      { q: '123' },
      { q: 'x'.repeat(10_000) },
      { q: 'a', sort: 'name:asc' },
      { q: 'a', distinct: 'ndc' },
      { q: 'a', limit: '101' },
      {},
    ]) {
      const result = drugSearchQuery.safeParse(bad);
      expect(result.success).toBe(false);
      const field = Object.keys(bad).find((k) => k !== 'q' || Object.keys(bad).length === 1) ?? 'q';
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });
});

describe('names and classes', () => {
  it('keeps the words of the names for the search', () => {
    expect(searchWords('Amlodipine Besylate, 5 mg')).toEqual(['amlodipine', 'besylate', '5', 'mg']);
    expect(searchNameOf('Norvasc', null, 'Amlodipine besylate')).toBe(
      ' norvasc amlodipine besylate',
    );
  });

  it('reads the level of a class code', () => {
    expect(drugClassLevel('58')).toBe(1);
    expect(drugClassLevel('5818002000')).toBe(5);
    expect(drugClassLevel('581')).toBeUndefined();
    expect(drugClassAncestors('5818002000')).toEqual(['58', '5818', '581800']);
  });

  it.each([
    ['ANDA', 'Atorvastatin Calcium', 'atorvastatin calcium', 'generic'],
    ['NDA AUTHORIZED GENERIC', 'Atorvastatin', 'atorvastatin calcium', 'generic'],
    ['NDA', 'Lipitor', 'atorvastatin calcium', 'brand'],
    ['BLA', 'Humira', 'adalimumab', 'brand'],
    ['OTC MONOGRAPH DRUG', 'Ibuprofen', 'IBUPROFEN', 'generic'],
    ['OTC MONOGRAPH DRUG', 'Advil', 'ibuprofen', 'brand'],
  ] as const)('%s %s (%s) is a %s', (category, proprietary, nonproprietary, expected) => {
    expect(brandOrGeneric(category, proprietary, nonproprietary)).toBe(expected);
  });
});
