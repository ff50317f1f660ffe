import { describe, expect, it } from 'vitest';
import {
  INCUMBENT_MESSAGES as M,
  blankRenewalEntry,
  type FeeType,
  type IncumbentAggregates,
  type IncumbentFeeList,
  type Insight,
  type InsightList,
  type OpportunityContactList,
  type PricingInsightList,
  type PricingList,
  type RenewalEntryInput,
  type RenewalList,
} from '@pillar/domain';
import { BAD_JSON_VALUES } from '../../test/bad-input.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { saveFees } from './index.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/evaluate/v1';
let counter = 0;

/** A prospect opportunity of this test's own (the CRM import is evaluate.test.ts's business). */
async function newOpportunity(): Promise<number> {
  // The counter within the first 15 characters (the unique key): two calls in one millisecond
  // collided on PostgreSQL when it came after them.
  const sfId = `006T${String(Date.now() % 1e6).padStart(6, '0')}${String(++counter).padStart(5, '0')}AAA`;
  const row = await t.ctx.db
    .insertInto('prospect_opportunity')
    .values({ sf_opp_id: sfId, sf_opp_id15: sfId.slice(0, 15), employer: `Employer ${counter}` })
    .returning('prospect_opportunity_no')
    .executeTakeFirstOrThrow();
  return row.prospect_opportunity_no;
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  caller: Caller = 'financialAnalyst',
) {
  return t.injectAs(caller, {
    method,
    url: `${BASE}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  caller: Caller = 'financialAnalyst',
): Promise<T> {
  const response = await call(method, url, payload, caller);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.body ? response.json() : null) as T;
}

function expectProblem(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  field?: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const problem = response.json<{ params?: Record<string, string>; detail?: string }>();
  if (field) expect(problem.params ?? {}).toHaveProperty([field]);
  if (field && message) expect(problem.params?.[field]).toBe(message);
  return problem;
}

/** How many versions of a part the opportunity has (H4's history: one per save). */
async function versionCount(id: number, part: string): Promise<number> {
  const page = await ok<{ totalCount: number }>('GET', `/opps/${id}/history?part=${part}`);
  return page.totalCount;
}

const fee = (name: string, amount: number, type: FeeType = 'PEPM') => ({ name, type, amount });

describe.each(['fees', 'credits'] as const)('incumbent %s', (kind) => {
  it('replaces the whole list, keeps its order, and an empty list saves ZERO items', async () => {
    const id = await newOpportunity();
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/${kind}`)).toEqual({ items: [] });
    const items = [fee('Administrative Fee', 1.25), fee('Custom Fee', 300, 'One Time')];
    expect(await ok<IncumbentFeeList>('POST', `/opps/${id}/${kind}`, { items })).toEqual({
      items,
    });
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/${kind}`)).toEqual({ items });
    await ok('POST', `/opps/${id}/${kind}`, { items: [fee('In-house Fee', 0.5, 'Per Claim')] });
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/${kind}`)).toEqual({
      items: [fee('In-house Fee', 0.5, 'Per Claim')],
    });
    expect(await ok<IncumbentFeeList>('POST', `/opps/${id}/${kind}`, { items: [] })).toEqual({
      items: [],
    });
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/${kind}`)).toEqual({ items: [] });
    expect(await versionCount(id, kind)).toBe(3);
  });

  it.each([
    ['a negative amount', [fee('A', -1)], 'items.0.amount', M.notSavedTitle],
    ['a zero amount', [fee('A', 0)], 'items.0.amount', M.notSavedTitle],
    ['a three-decimal amount', [fee('A', 1.005)], 'items.0.amount', M.twoDecimals],
    ['a missing name', [fee(' ', 1)], 'items.0.name', M.missingName],
    ['an unknown type', [fee('A', 1, 'Weekly' as FeeType)], 'items.0.type', M.missingType],
    [
      'duplicate names',
      [fee('Connectivity Fee', 1), fee('connectivity fee', 2)],
      'items.1.name',
      M.duplicateNames,
    ],
  ])('refuses %s naming the field, and keeps what was saved', async (_, items, field, message) => {
    const id = await newOpportunity();
    const saved = [fee('Administrative Fee', 2)];
    await ok('POST', `/opps/${id}/${kind}`, { items: saved });
    expectProblem(await call('POST', `/opps/${id}/${kind}`, { items }), 400, field, message);
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/${kind}`)).toEqual({ items: saved });
    expect(await versionCount(id, kind)).toBe(1);
  });
});

describe('fees and credits are separate lists', () => {
  it('saving credits leaves the fees as they were', async () => {
    const id = await newOpportunity();
    await ok('POST', `/opps/${id}/fees`, { items: [fee('Administrative Fee', 3)] });
    await ok('POST', `/opps/${id}/credits`, { items: [fee('Rebate Fee Credit', 4)] });
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/fees`)).toEqual({
      items: [fee('Administrative Fee', 3)],
    });
  });
});

describe('access and existence', () => {
  it('refuses a user without rxbAdmin (403) and an unknown opportunity (404)', async () => {
    const id = await newOpportunity();
    for (const path of ['fees', 'credits', 'insights', 'incumbentAggregates', 'contacts']) {
      expect(
        (await call('GET', `/opps/${id}/${path}`, undefined, 'accountManager')).statusCode,
      ).toBe(403);
      expect((await call('GET', `/opps/2147483647/${path}`)).statusCode).toBe(404);
    }
    expectProblem(await call('POST', `/opps/${id}/fees`, { items: [] }, 'accountManager'), 403);
    expectProblem(await call('POST', '/opps/2147483647/fees', { items: [] }), 404);
    expectProblem(await call('GET', '/opps/2147483648/fees'), 400, 'id');
  });
});

describe('insights', () => {
  it('adds, lists, edits and deletes its own insight, each a version', async () => {
    const id = await newOpportunity();
    const created = await ok<Insight>('POST', `/opps/${id}/insights`, {
      message: '  Broker wants pass-through pricing  ',
    });
    expect(created).toMatchObject({ message: 'Broker wants pass-through pricing' });
    expect(created.ownedBy).not.toBe('');
    expect(await ok<InsightList>('GET', `/opps/${id}/insights`)).toEqual({ items: [created] });
    const edited = await ok<Insight>('PUT', `/opps/${id}/insights/${created.id}`, {
      message: 'Broker wants a narrow network',
    });
    expect(edited).toMatchObject({ id: created.id, message: 'Broker wants a narrow network' });
    await ok('DELETE', `/opps/${id}/insights/${created.id}`);
    expect(await ok<InsightList>('GET', `/opps/${id}/insights`)).toEqual({ items: [] });
    expect(await versionCount(id, 'insights')).toBe(3);
  });

  it("refuses another user's edit or delete with 403 and leaves the insight", async () => {
    const id = await newOpportunity();
    const created = await ok<Insight>('POST', `/opps/${id}/insights`, { message: 'Mine' });
    expectProblem(
      await call('PUT', `/opps/${id}/insights/${created.id}`, { message: 'Theirs' }, 'superAdmin'),
      403,
    );
    expectProblem(
      await call('DELETE', `/opps/${id}/insights/${created.id}`, undefined, 'superAdmin'),
      403,
    );
    expect(await ok<InsightList>('GET', `/opps/${id}/insights`)).toEqual({ items: [created] });
    expect(await versionCount(id, 'insights')).toBe(1);
  });

  it('refuses an empty message and answers 404 for an insight of another opportunity', async () => {
    const id = await newOpportunity();
    const other = await newOpportunity();
    expectProblem(
      await call('POST', `/opps/${id}/insights`, { message: ' ' }),
      400,
      'message',
      M.missingInsightfulMessage,
    );
    const created = await ok<Insight>('POST', `/opps/${other}/insights`, { message: 'x' });
    expectProblem(await call('PUT', `/opps/${id}/insights/${created.id}`, { message: 'y' }), 404);
    expectProblem(await call('DELETE', `/opps/${id}/insights/${created.id}`), 404);
  });
});

describe('aggregates', () => {
  const aggregates: IncumbentAggregates = {
    rebate: 125000.5,
    isRebateUsed: true,
    totalMember: 4200,
    isTotalMemberUsed: false,
    gross: 3100000.25,
    isGrossUsed: true,
  };

  it('reads blank before a save, then the saved amounts and flags', async () => {
    const id = await newOpportunity();
    expect(await ok<IncumbentAggregates>('GET', `/opps/${id}/incumbentAggregates`)).toEqual({
      rebate: null,
      isRebateUsed: false,
      totalMember: null,
      isTotalMemberUsed: false,
      gross: null,
      isGrossUsed: false,
    });
    expect(await ok('POST', `/opps/${id}/incumbentAggregates`, aggregates)).toEqual(aggregates);
    const cleared = { ...aggregates, gross: null, isGrossUsed: false };
    await ok('POST', `/opps/${id}/incumbentAggregates`, cleared);
    expect(await ok('GET', `/opps/${id}/incumbentAggregates`)).toEqual(cleared);
    expect(await versionCount(id, 'aggregates')).toBe(2);
  });

  it.each([
    ['rebate', 1.234, M.twoDecimals],
    ['gross', -5, M.notNegative],
  ])('refuses %s %d', async (field, value, message) => {
    const id = await newOpportunity();
    expectProblem(
      await call('POST', `/opps/${id}/incumbentAggregates`, { ...aggregates, [field]: value }),
      400,
      field,
      message,
    );
    expect(await versionCount(id, 'aggregates')).toBe(0);
  });
});

describe('contacts', () => {
  it('drops empty rows and answers the filled ones in slot order', async () => {
    const id = await newOpportunity();
    const ana = {
      contactName: 'Ana Ruiz',
      position: 'HR Director',
      email: 'ana@example.com',
      phone: '555-123-4567',
    };
    const saved = await ok<OpportunityContactList>('POST', `/opps/${id}/contacts`, {
      contacts: [{ contactName: '', position: '', email: '', phone: '' }, ana, {}],
    });
    expect(saved).toEqual({ contacts: [ana] });
    expect(await ok('GET', `/opps/${id}/contacts`)).toEqual(saved);
    expect(await versionCount(id, 'contacts')).toBe(1);
  });

  it('names every bad field in params, and saves nothing', async () => {
    const id = await newOpportunity();
    const problem = expectProblem(
      await call('POST', `/opps/${id}/contacts`, {
        contacts: [
          { contactName: 'A', email: 'not-mail' },
          { contactName: 'B', phone: '12' },
        ],
      }),
      400,
    );
    expect(problem.params).toEqual({
      'contacts.0.email': 'Invalid email address',
      'contacts.1.phone': 'Invalid phone number',
    });
    expect(await ok('GET', `/opps/${id}/contacts`)).toEqual({ contacts: [] });
  });

  it('refuses a fourth filled contact', async () => {
    const id = await newOpportunity();
    const row = { contactName: 'A' };
    expectProblem(
      await call('POST', `/opps/${id}/contacts`, { contacts: [row, row, row, row] }),
      400,
      'contacts',
      M.tooManyContacts,
    );
  });
});

function entry(name: string, overrides: Partial<RenewalEntryInput> = {}): RenewalEntryInput {
  return { ...blankRenewalEntry(), name, effectiveDate: '2027-01-01', ...overrides };
}

describe('renewals and competitor entries', () => {
  it('replaces the whole list with the rebate totals computed, and removes one', async () => {
    const id = await newOpportunity();
    const guarantees = {
      ...blankRenewalEntry().rebateGuarantees,
      retail: { guarantee: 12.5, claimCount: 1000, exclusions: 100 },
      mail: { guarantee: 40, claimCount: 200, exclusions: 0 },
    };
    const saved = await ok<RenewalList>('POST', `/opps/${id}/incumbentRenewal`, {
      entries: [
        entry('OptumRx renewal', {
          rebateGuarantees: guarantees,
          adminFees: [fee('Administrative Fee', 1.1)],
        }),
        entry('Competitor: Navitus', { source: 'Yes - SSG', termLength: 3 }),
      ],
    });
    expect(saved.entries.map((e) => e.name)).toEqual(['OptumRx renewal', 'Competitor: Navitus']);
    const first = saved.entries[0]!;
    expect(first.rebateGuarantees.retail.totalRebate).toBe(11250);
    expect(first.rebateGuarantees.mail.totalRebate).toBe(8000);
    expect(first.rebateGuarantees.totalRebate).toBe(19250);
    expect(first.adminFees).toEqual([fee('Administrative Fee', 1.1)]);
    expect(saved.entries[1]).toMatchObject({ termLength: 3, source: 'Yes - SSG' });
    expect(await ok('GET', `/opps/${id}/incumbentRenewal`)).toEqual(saved);

    const left = await ok<RenewalList>(
      'DELETE',
      `/opps/${id}/incumbentRenewal?entryId=${first.id}`,
    );
    expect(left.entries.map((e) => e.name)).toEqual(['Competitor: Navitus']);
    expect(await ok('GET', `/opps/${id}/incumbentRenewal`)).toEqual(left);
    expectProblem(await call('DELETE', `/opps/${id}/incumbentRenewal?entryId=${first.id}`), 404);
    expect(await versionCount(id, 'renewals')).toBe(2);
  });

  it('refuses a fourth entry and saves nothing', async () => {
    const id = await newOpportunity();
    await ok('POST', `/opps/${id}/incumbentRenewal`, { entries: [entry('One')] });
    expectProblem(
      await call('POST', `/opps/${id}/incumbentRenewal`, {
        entries: [entry('A'), entry('B'), entry('C'), entry('D')],
      }),
      400,
      'entries',
      M.tooManyRenewals,
    );
    const list = await ok<RenewalList>('GET', `/opps/${id}/incumbentRenewal`);
    expect(list.entries.map((e) => e.name)).toEqual(['One']);
  });

  it.each([
    ['a missing name', entry(' '), 'entries.0.name', M.renewalMissingName],
    ['term 0', entry('A', { termLength: 0 }), 'entries.0.termLength', M.renewalMissingField],
    ['term 6', entry('A', { termLength: 6 }), 'entries.0.termLength', M.renewalMissingField],
    [
      'no effective date',
      entry('A', { effectiveDate: '' }),
      'entries.0.effectiveDate',
      M.renewalMissingField,
    ],
    [
      'an admin fee of zero',
      entry('A', { adminFees: [fee('Admin', 0)] }),
      'entries.0.adminFees.0.amount',
      M.notSavedTitle,
    ],
    [
      'duplicate admin credit names',
      entry('A', { adminCredits: [fee('Credit', 1), fee('CREDIT', 2)] }),
      'entries.0.adminCredits.1.name',
      M.duplicateNames,
    ],
  ])('refuses %s naming the field', async (_, bad, field, message) => {
    const id = await newOpportunity();
    expectProblem(
      await call('POST', `/opps/${id}/incumbentRenewal`, { entries: [bad] }),
      400,
      field,
      message,
    );
    expect(await versionCount(id, 'renewals')).toBe(0);
  });
});

describe('RxB pricing', () => {
  it.each(['fees', 'credits'] as const)('saves and reads %s with their PBM', async (kind) => {
    const id = await newOpportunity();
    const items = [
      { ...fee('Administrative Fee', 2.5), pbm: 'ALL' },
      { ...fee('Rebate Fee Credit', 1), pbm: 'CVS_CAREMARK' },
    ];
    expect(await ok<PricingList>('POST', `/opps/${id}/pricing/${kind}`, { items })).toEqual({
      items,
    });
    expect(await ok('GET', `/opps/${id}/pricing/${kind}`)).toEqual({ items });
    // The incumbent's list of the same kind is another list.
    expect(await ok('GET', `/opps/${id}/${kind}`)).toEqual({ items: [] });
    const part = kind === 'fees' ? 'pricingFees' : 'pricingCredits';
    expect(await versionCount(id, part)).toBe(1);
  });

  it.each([
    [{ ...fee('A', 0), pbm: 'ALL' }, 'items.0.amount', M.mustBePositive],
    [{ ...fee('A', 1.999), pbm: 'ALL' }, 'items.0.amount', M.twoDecimals],
    [{ ...fee('A', 1), pbm: 'CIGNA' }, 'items.0.pbm', M.missingPbm],
  ])('refuses %j', async (row, field, message) => {
    const id = await newOpportunity();
    expectProblem(
      await call('POST', `/opps/${id}/pricing/fees`, { items: [row] }),
      400,
      field,
      message,
    );
  });

  it('saves insights with a name and additional information, both required', async () => {
    const id = await newOpportunity();
    const items = [{ insightName: 'Network', additionalInfo: 'A narrow network saves 2%' }];
    expect(await ok<PricingInsightList>('POST', `/opps/${id}/pricing/insights`, { items })).toEqual(
      {
        items,
      },
    );
    expect(await ok('GET', `/opps/${id}/pricing/insights`)).toEqual({ items });
    expectProblem(
      await call('POST', `/opps/${id}/pricing/insights`, {
        items: [{ insightName: '', additionalInfo: 'x' }],
      }),
      400,
      'items.0.insightName',
      M.missingInsightfulName,
    );
    expectProblem(
      await call('POST', `/opps/${id}/pricing/insights`, {
        items: [{ insightName: 'x', additionalInfo: ' ' }],
      }),
      400,
      'items.0.additionalInfo',
      M.missingAdditionalInformation,
    );
    expect(await ok('GET', `/opps/${id}/pricing/insights`)).toEqual({ items });
  });

  it('answers 404 for an unknown pricing list name', async () => {
    const id = await newOpportunity();
    expect((await call('GET', `/opps/${id}/pricing/discounts`)).statusCode).toBe(404);
  });
});

describe('demo seed', () => {
  it('gives half of the seeded opportunities their incumbent parts, with versions', async () => {
    const count = async (table: 'incumbent_fee_item' | 'incumbent_renewal' | 'incumbent_insight') =>
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.count<number>('prospect_opportunity_no').distinct().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const seeded = await t.ctx.db
      .selectFrom('prospect_opportunity')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sf_opp_id', 'like', '006PIL%')
      .executeTakeFirstOrThrow();
    expect(Number(seeded.n)).toBe(30);
    // Other tests of this file add their own rows; the seed's are on its 15 opportunities.
    expect(Number(await count('incumbent_renewal'))).toBeGreaterThanOrEqual(15);
    // The first imported opportunity (import order is number order) has every part.
    const first = {
      id: (
        await t.ctx.db
          .selectFrom('prospect_opportunity')
          .select((eb) => eb.fn.min('prospect_opportunity_no').as('id'))
          .where('sf_opp_id', 'like', '006PIL%')
          .executeTakeFirstOrThrow()
      ).id,
    };
    const renewals = await ok<RenewalList>('GET', `/opps/${first.id}/incumbentRenewal`);
    expect(renewals.entries.length).toBeGreaterThanOrEqual(2);
    expect(renewals.entries[0]!.name).toBe('Incumbent renewal');
    expect(renewals.entries[1]!.name).toMatch(/^Competitor: /);
    for (const e of renewals.entries) expect(e.rebateGuarantees.totalRebate).toBeGreaterThan(0);
    expect(
      (await ok<IncumbentFeeList>('GET', `/opps/${first.id}/fees`)).items.length,
    ).toBeGreaterThan(0);
    expect((await ok<InsightList>('GET', `/opps/${first.id}/insights`)).items.length).toBe(2);
    expect(
      (await ok<OpportunityContactList>('GET', `/opps/${first.id}/contacts`)).contacts.length,
    ).toBe(1);
    // Fees saved twice on the first opportunities: two versions to compare.
    expect(await versionCount(first.id, 'fees')).toBe(2);
  });
});

/** Sets the value at a dotted path of a copy of `body` ('entries.0.rebateGuarantees.mail.claimCount'). */
function spoiled(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

describe('bad input deep in a body', () => {
  it('every nested field spoiled in turn is answered below 500', async () => {
    const id = await newOpportunity();
    const renewal = { entries: [entry('A', { adminFees: [fee('Admin', 1)] })] };
    const cases: [string, unknown, string[]][] = [
      [
        'fees',
        { items: [fee('A', 1)] },
        ['items.0.name', 'items.0.type', 'items.0.amount', 'items.0'],
      ],
      [
        'pricing/credits',
        { items: [{ ...fee('A', 1), pbm: 'ALL' }] },
        ['items.0.amount', 'items.0.pbm'],
      ],
      [
        'pricing/insights',
        { items: [{ insightName: 'A', additionalInfo: 'B' }] },
        ['items.0.insightName', 'items.0.additionalInfo'],
      ],
      ['insights', { message: 'A' }, ['message']],
      [
        'incumbentAggregates',
        {
          rebate: 1,
          isRebateUsed: true,
          totalMember: 1,
          isTotalMemberUsed: true,
          gross: 1,
          isGrossUsed: true,
        },
        ['rebate', 'totalMember', 'isGrossUsed'],
      ],
      [
        'contacts',
        { contacts: [{ contactName: 'A' }] },
        ['contacts.0.contactName', 'contacts.0.email', 'contacts.0.phone', 'contacts.0'],
      ],
      [
        'incumbentRenewal',
        renewal,
        [
          'entries.0.name',
          'entries.0.termLength',
          'entries.0.effectiveDate',
          'entries.0.source',
          'entries.0.discounts.retail.brandAWP',
          'entries.0.discounts.specialtyAWP',
          'entries.0.dispensingFees.mail.genericAWP',
          'entries.0.rebateGuarantees.rebateTier',
          'entries.0.rebateGuarantees.retail.claimCount',
          'entries.0.rebateGuarantees.retail.guarantee',
          'entries.0.rebateGuarantees.specialtyMail2',
          'entries.0.adminFees.0.name',
          'entries.0.adminCredits',
        ],
      ],
    ];
    const values = [...BAD_JSON_VALUES, '\uD800', 'x\uDFFFy', 'Ω'.repeat(101), -0.001, 1e-7];
    const failures: string[] = [];
    for (const [path, body, fields] of cases) {
      for (const field of fields) {
        for (const value of values) {
          const response = await call('POST', `/opps/${id}/${path}`, spoiled(body, field, value));
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} ${path} ${field}=${JSON.stringify(value)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('nothing half-saved', () => {
  it('a save the database refuses after the old rows are deleted leaves the old list and no version', async () => {
    const id = await newOpportunity();
    const saved = [fee('Administrative Fee', 2)];
    await ok('POST', `/opps/${id}/fees`, { items: saved });
    const userNo = (
      await t.ctx.db
        .selectFrom('app_user')
        .select('user_no')
        .orderBy('user_no')
        .executeTakeFirstOrThrow()
    ).user_no;
    // Past the schema (called directly): the table's amount > 0 check refuses the insert.
    await expect(
      saveFees(t.ctx.db, { userNo }, id, 'fees', { items: [fee('Zero', 0)] }),
    ).rejects.toThrow();
    expect(await ok<IncumbentFeeList>('GET', `/opps/${id}/fees`)).toEqual({ items: saved });
    expect(await versionCount(id, 'fees')).toBe(1);
  });
});
