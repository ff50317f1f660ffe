import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DRUG_SEARCH_ODD_DIGITS_MESSAGE,
  DRUG_SEARCH_TOO_LONG_MESSAGE,
  type DrugSearchPage,
} from '@pillar/domain';
import { createTestApp, type Caller, type TestApp } from '../../test/test-app.ts';
import { bytesUpperBound, digitsUpperBound, walkPreferred } from './drug-reference.repo.ts';
import { drugClassNames, refreshSearchNames } from './index.ts';

let t: TestApp;

/*
 * Packages of our own under labeler 99990/99991 and class group 99 (no real NDC or demo class
 * uses them), beside whatever demo catalogue the seeded test database holds.
 */
const PACKAGES = [
  {
    ndc: '99990000101',
    gpi: '9901010010',
    proprietary: 'Zzqtestol',
    nonproprietary: 'zzqtestol hydrochloride',
    strength: '10 mg',
  },
  {
    ndc: '99990000102',
    gpi: '9901010010',
    proprietary: 'Zzqtestol',
    nonproprietary: 'zzqtestol hydrochloride',
    strength: '20 mg',
  },
  {
    ndc: '99990000201',
    gpi: '9901010020',
    proprietary: 'Zzqtestol XR',
    nonproprietary: 'zzqtestol hydrochloride',
    strength: '40 mg',
  },
  {
    ndc: '99991000301',
    gpi: '9902050010',
    proprietary: 'Qqvexin',
    nonproprietary: 'qqvexin sodium',
    strength: '5 mg',
  },
  {
    ndc: '99991000302',
    gpi: null,
    proprietary: 'Qqvexin Plus',
    nonproprietary: 'qqvexin sodium and zzqtestol',
    strength: '',
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db
    .insertInto('drug_class')
    .values([
      { code: '99', name: 'Zz test group', created_by: null, updated_by: null },
      { code: '9901', name: 'Zz test class', created_by: null, updated_by: null },
      { code: '990101', name: 'Zz test subclass', created_by: null, updated_by: null },
    ])
    .execute();
  await t.ctx.db
    .insertInto('drug')
    .values(
      PACKAGES.map((p) => ({
        ndc: p.ndc,
        package_ndc: `${p.ndc.slice(1, 5)}-${p.ndc.slice(5, 9)}-${p.ndc.slice(9)}`,
        product_ndc: `${p.ndc.slice(1, 5)}-${p.ndc.slice(5, 9)}`,
        proprietary_name: p.proprietary,
        nonproprietary_name: p.nonproprietary,
        strength: p.strength,
        dosage_form: 'TABLET',
        route: 'ORAL',
        labeler: 'Pillar Test Labs',
        brand_generic: 'brand' as const,
        package_description: '30 TABLET in 1 BOTTLE',
        marketing_category: 'NDA',
        gpi_10: p.gpi,
        created_by: null,
        updated_by: null,
      })),
    )
    .execute();
  await refreshSearchNames(t.ctx.db);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function search(query: string, caller: Caller = 'clinician') {
  const response = await t.injectAs(caller, {
    method: 'GET',
    url: `/keystonefile/v1/drug-details?${query}`,
  });
  return response;
}

async function found(query: string): Promise<DrugSearchPage> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DrugSearchPage>();
}

const ndcs = (page: DrugSearchPage) => page.data.map((d) => d.ndc);

describe('GET /keystonefile/v1/drug-details', () => {
  it('finds packages whose name has a word starting with each word searched, newest NDC first', async () => {
    expect(ndcs(await found('q=zzqtes'))).toEqual([
      '99991000302',
      '99990000201',
      '99990000102',
      '99990000101',
    ]);
    expect(ndcs(await found('q=ZZQ%20xr'))).toEqual(['99990000201']);
    expect(ndcs(await found('q=hydro%20zzq&sort=ndc:asc'))).toEqual([
      '99990000101',
      '99990000102',
      '99990000201',
    ]);
    // A word must start a word of the name: 'testol' is inside 'zzqtestol', not at its start.
    expect((await found('q=testol')).data.filter((d) => d.ndc.startsWith('9999'))).toEqual([]);
  });

  it('answers the spec fields and the details', async () => {
    const page = await found('q=zzqtestol%20xr');
    expect(page).toEqual({
      data: [
        {
          gpi_10: '9901010020',
          ndc: '99990000201',
          package_ndc: '9990-0002-01',
          product_ndc: '9990-0002',
          drug_name: 'Zzqtestol XR 40 mg',
          proprietary_name: 'Zzqtestol XR',
          nonproprietary_name: 'zzqtestol hydrochloride',
          strength: '40 mg',
          dosage_form: 'TABLET',
          route: 'ORAL',
          labeler: 'Pillar Test Labs',
          brand_generic: 'brand',
          marketing_category: 'NDA',
          marketing_start_date: null,
          marketing_end_date: null,
          package_description: '30 TABLET in 1 BOTTLE',
          class_name: 'Zz test subclass',
        },
      ],
      totalCount: 1,
    });
  });

  it('reads an even run of digits as an NDC-11 or class-code prefix', async () => {
    expect(ndcs(await found('q=99990000'))).toEqual(['99990000201', '99990000102', '99990000101']);
    expect(ndcs(await found('q=990101'))).toEqual(['99990000201', '99990000102', '99990000101']);
    expect(ndcs(await found('q=9902'))).toEqual(['99991000301']);
    // A published (hyphenated) package NDC, by prefix.
    expect(ndcs(await found('q=9991-0003'))).toEqual(['99991000302', '99991000301']);
    expect(ndcs(await found('q=99991-000'))).toEqual(['99991000302', '99991000301']);
  });

  it('answers one row per class code with distinct=gpi_10 (its highest NDC), skipping unclassified packages', async () => {
    const page = await found('q=zzq&distinct=gpi_10');
    expect(page.data.map((d) => [d.gpi_10, d.ndc])).toEqual([
      ['9901010020', '99990000201'],
      ['9901010010', '99990000102'],
    ]);
    expect(page.totalCount).toBe(2);
    const byCode = await found('q=99&distinct=gpi_10&limit=100');
    expect(byCode.data.map((d) => d.gpi_10)).toEqual(['9902050010', '9901010020', '9901010010']);
  });

  it('answers distinct=gpi_10 in ascending NDC order with each class’s lowest NDC, counting the classes, for words and codes', async () => {
    const page = await found('q=zzq&distinct=gpi_10&sort=ndc:asc');
    expect(page.data.map((d) => [d.gpi_10, d.ndc, d.class_name])).toEqual([
      ['9901010010', '99990000101', 'Zz test subclass'],
      ['9901010020', '99990000201', 'Zz test subclass'],
    ]);
    expect(page.totalCount).toBe(2);
    // Only the unclassified package matches both words: no class, no row.
    expect(await found('q=qqvexin%20plus&distinct=gpi_10')).toEqual({ data: [], totalCount: 0 });
    expect(await found('q=zzqnothing&distinct=gpi_10')).toEqual({ data: [], totalCount: 0 });
    // A class code: the classes under it (each whole), and the classes of the packages whose
    // NDC starts with the digits (their best NDC in that range).
    const byCode = await found('q=99&distinct=gpi_10&sort=ndc:asc');
    expect(byCode.data.map((d) => [d.gpi_10, d.ndc])).toEqual([
      ['9901010010', '99990000101'],
      ['9901010020', '99990000201'],
      ['9902050010', '99991000301'],
    ]);
    expect(byCode.totalCount).toBe(3);
    const byNdc = await found('q=9999&distinct=gpi_10');
    expect(byNdc.data.map((d) => [d.gpi_10, d.ndc])).toEqual([
      ['9902050010', '99991000301'],
      ['9901010020', '99990000201'],
      ['9901010010', '99990000102'],
    ]);
    // 99991000302 is in the range but unclassified.
    expect(
      (await found('q=9999100030&distinct=gpi_10')).data.map((d) => [d.gpi_10, d.ndc]),
    ).toEqual([['9902050010', '99991000301']]);
  });

  it('answers distinct=gpi_10 on one or two characters as on longer words', async () => {
    const ours = (page: DrugSearchPage) =>
      page.data.filter((d) => d.gpi_10?.startsWith('99')).map((d) => [d.gpi_10, d.ndc]);
    expect(await found('q=zz&distinct=gpi_10')).toEqual(await found('q=zzq&distinct=gpi_10'));
    expect(ours(await found('q=z&distinct=gpi_10&limit=100'))).toEqual([
      ['9901010020', '99990000201'],
      ['9901010010', '99990000102'],
    ]);
    expect(ours(await found('q=q&distinct=gpi_10&sort=ndc:asc&limit=100'))).toEqual([
      ['9902050010', '99991000301'],
    ]);
    // A word's second character counts: 'xr' starts a word of 'Zzqtestol XR' only.
    expect(ours(await found('q=XR&distinct=gpi_10'))).toEqual([['9901010020', '99990000201']]);
    const second = await found('q=zz&distinct=gpi_10&limit=1&offset=1');
    expect(second.data.map((d) => d.gpi_10)).toEqual(['9901010010']);
    expect(second.totalCount).toBe(2);
  });

  it('pages with offset and limit; the count is of all matches', async () => {
    const first = await found('q=zzq&limit=2');
    const second = await found('q=zzq&limit=2&offset=2');
    expect(ndcs(first)).toEqual(['99991000302', '99990000201']);
    expect(ndcs(second)).toEqual(['99990000102', '99990000101']);
    expect(first.totalCount).toBe(4);
    expect(second.totalCount).toBe(4);
    expect(
      (await found('q=zzq&distinct=gpi_10&limit=1&offset=1')).data.map((d) => d.gpi_10),
    ).toEqual(['9901010010']);
  });

  it('refuses what the search rule does not accept, naming the field', async () => {
    const cases: [string, string, string][] = [
      ['q=999', 'q', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
      ['q=9990-000', 'q', DRUG_SEARCH_ODD_DIGITS_MESSAGE],
      [`q=${'a'.repeat(10_000)}`, 'q', DRUG_SEARCH_TOO_LONG_MESSAGE],
      ['q=a%00b', 'q', 'NUL'],
      ['q=a&sort=name:asc', 'sort', 'sort must be'],
      ['q=a&distinct=ndc', 'distinct', 'distinct must be'],
      ['q=a&limit=101', 'limit', 'limit must not exceed'],
      ['', 'q', ''],
    ];
    for (const [query, field, text] of cases) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(field);
      expect(response.body, query).toContain(text);
    }
  });

  it('is open to the clinical permissions only', async () => {
    expect((await search('q=zzq', 'clinician')).statusCode).toBe(200);
    expect((await search('q=zzq', 'agent')).statusCode).toBe(403);
  });

  it('never answers a 5xx, whatever q holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (q) => {
        const response = await search(`q=${encodeURIComponent(q)}&distinct=gpi_10`);
        expect(response.statusCode, q).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});

describe('drugClassNames (for the clinical module)', () => {
  it('names the 10-digit codes that exist and leaves out the others', async () => {
    const names = await drugClassNames(t.ctx.db, [
      '9901010010',
      '9902050010',
      '9999999999',
      '99',
      'x',
    ]);
    expect(names).toEqual(
      new Map([
        ['9901010010', 'zzqtestol hydrochloride'],
        ['9902050010', 'qqvexin sodium'],
      ]),
    );
  });

  it('prefers the classification’s own name of a code', async () => {
    await t.ctx.db
      .insertInto('drug_class')
      .values({ code: '9902050010', name: 'Qqvexin Sodium', created_by: null, updated_by: null })
      .execute();
    expect((await drugClassNames(t.ctx.db, ['9902050010'])).get('9902050010')).toBe(
      'Qqvexin Sodium',
    );
  });
});

describe('digitsUpperBound (the NDC range of a prefix)', () => {
  it.each([
    ['58', '59'],
    ['0099', '01'],
    ['5899', '59'],
    ['99', undefined],
    ['0002', '0003'],
  ])('%s -> %s', (prefix, upper) => {
    expect(digitsUpperBound(prefix)).toBe(upper);
  });
});

describe('bytesUpperBound (a class code or published NDC prefix as a byte range)', () => {
  it.each([
    ['58', '59'],
    ['0099', '009:'],
    ['9', ':'],
    ['0002-3', '0002-4'],
    ['0002-', '0002.'],
  ])('%s -> %s', (prefix, upper) => {
    expect(bytesUpperBound(prefix)).toBe(upper);
  });

  it('holds exactly the strings that start with the prefix (byte order)', () => {
    const before = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;
    const prefix = '0109';
    const upper = bytesUpperBound(prefix);
    for (const code of ['0109', '0109999999', '0109-', '0110000000', '0108999999', '01', '011']) {
      const inRange = !before(code, prefix) && before(code, upper);
      expect(inRange, code).toBe(code.startsWith(prefix));
    }
  });
});

describe('walkPreferred (how a name search reads its packages)', () => {
  it.each([
    // matches, k, total: walk when matches are dense enough to meet the k-th soon.
    [4000, 200, 300_000, true],
    [300, 10, 300_000, false],
    [1000, 10, 300_000, true],
    [1000, 2000, 300_000, false],
    [5, 10, 0, false],
  ])('%i matches, k %i, of %i: walk %s', (matches, k, total, walk) => {
    expect(walkPreferred(matches, k, total)).toBe(walk);
  });
});
