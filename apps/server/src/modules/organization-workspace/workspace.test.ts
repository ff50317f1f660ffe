import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import {
  PERMISSIONS,
  formatDate,
  formatUsd,
  sumMoney,
  type AuthBenefitGroup,
  type AuthOrganization,
  type BenefitGroup,
  type BenefitPackage,
  type Division,
  type FeeList,
  type GroupIncentivePrograms,
  type Invoice,
  type InvoiceConfig,
  type Location,
  type MeddSubsidy,
  type OrganizationUser,
  type Page,
  type Plan,
} from '@pillar/domain';
import { signAccessToken } from '../../platform/auth/access-token.ts';
import { readPdfText } from '../../platform/pdf/pdf-text.ts';
import type { PersonaKey } from '../../seed/personas.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgs: { organization_no: number; name: string }[];
/** Cedar Valley (broker and client), Harbor Point (broker only), City of Northfield (neither). */
let cedar: number;
let harbor: number;
let northfield: number;

beforeAll(async () => {
  t = await createTestApp();
  orgs = await t.ctx.db
    .selectFrom('organization')
    .select(['organization_no', 'name'])
    .orderBy('organization_no')
    .execute();
  [cedar, harbor, northfield] = orgs.map((o) => o.organization_no) as [number, number, number];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get(as: PersonaKey, url: string) {
  return t.injectAs(as, { method: 'GET', url });
}
async function getJson<T>(as: PersonaKey, url: string): Promise<T> {
  const response = await get(as, url);
  expect(response.statusCode, `${as} GET ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}
async function expect400(as: PersonaKey, url: string, field: string) {
  const response = await get(as, url);
  expect(response.statusCode, url).toBe(400);
  expect(response.headers['content-type']).toContain('application/problem+json');
  const problem = response.json<{ detail: string; params: Record<string, string> }>();
  expect(Object.keys(problem.params), url).toContain(field);
  expect(problem.detail).toContain(field);
}
async function expectStatus(as: PersonaKey, url: string, status: number) {
  const response = await get(as, url);
  expect(response.statusCode, `${as} GET ${url}`).toBe(status);
}

let nextRoleId = 900;
/**
 * A user with a role of exactly these permissions, granted the given organizations (the first
 * restricted to `groups` when given), and a bearer token for them.
 */
async function createUser(options: {
  permissions: string[];
  type: 'i' | 'b' | 'c';
  organizations?: number[];
  groups?: number[];
}): Promise<(url: string) => Promise<LightMyRequestResponse>> {
  const roleId = nextRoleId++;
  await t.ctx.db
    .insertInto('role')
    .values({
      role_id: roleId,
      key: `test${roleId}`,
      name: `Test role ${roleId}`,
      user_type: options.type === 'i' ? 'internal' : options.type === 'b' ? 'broker' : 'client',
      group_key: 'financials',
      protected: false,
      hidden_without: null,
      description: 'test',
    })
    .execute();
  await t.ctx.db
    .insertInto('role_permission')
    .values(options.permissions.map((permission) => ({ role_id: roleId, permission })))
    .execute();
  const user = await t.ctx.db
    .insertInto('app_user')
    .values({
      username: `test.${roleId}@pillar.example`,
      first_name: 'Test',
      last_name: `User ${roleId}`,
      phone: null,
      extension: null,
      user_type: options.type,
      rxb_admin: false,
      all_organizations: options.type === 'i' && !options.organizations,
      active: true,
      password_hash: null,
      external_subject: null,
      created_by: null,
      updated_by: null,
    })
    .returning('user_no')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('user_role')
    .values({ user_no: user.user_no, role_id: roleId, created_by: null })
    .execute();
  for (const [i, orgNo] of (options.organizations ?? []).entries()) {
    const restrict = i === 0 && options.groups !== undefined;
    await t.ctx.db
      .insertInto('user_organization')
      .values({
        user_no: user.user_no,
        organization_no: orgNo,
        restrict_benefit_groups: restrict,
        created_by: null,
      })
      .execute();
    for (const groupNo of restrict ? options.groups! : []) {
      await t.ctx.db
        .insertInto('user_benefit_group')
        .values({
          user_no: user.user_no,
          organization_no: orgNo,
          benefit_group_no: groupNo,
          created_by: null,
        })
        .execute();
    }
  }
  const token = await signAccessToken(t.config, t.ctx.secrets, user.user_no);
  return (url) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/** Rows of a CSV answer, byte-order mark dropped. */
function readCsv(data: Buffer): string[][] {
  const rows: unknown = parse(data, { bom: true });
  return rows as string[][];
}

function portal(orgNo: number, path: string) {
  return `/portal/v1/organizations/${orgNo}${path}`;
}

async function groupsOf(orgNo: number) {
  return t.ctx.db
    .selectFrom('benefit_group')
    .selectAll()
    .where('organization_no', '=', orgNo)
    .orderBy('benefit_group_no')
    .execute();
}

/** The groups the scoped client persona holds in Cedar Valley. */
async function clientGroupNos(): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('user_benefit_group')
    .select('benefit_group_no')
    .where('user_no', '=', await t.userNo('client'))
    .execute();
  return rows.map((r) => r.benefit_group_no).sort((a, b) => a - b);
}

describe('benefit groups', () => {
  it('lists every group of the organization for an internal user, sorted by group id', async () => {
    const page = await getJson<Page<BenefitGroup>>('accountManager', portal(cedar, '/groups'));
    const rows = await groupsOf(cedar);
    expect(page.totalCount).toBe(rows.length);
    expect(page.data.map((g) => g.benefitGroupId)).toEqual(
      rows.map((r) => r.benefit_group_id).sort(),
    );
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      [
        'benefitGroupId',
        'benefitGroupNo',
        'dependentAlternateGroupNumber',
        'effectiveDate',
        'expirationDate',
        'name',
        'processStatus',
      ].sort(),
    );
  });

  it('shows the group-restricted client only their two groups, everywhere groups appear', async () => {
    const granted = await clientGroupNos();
    expect(granted).toHaveLength(2);
    const all = await groupsOf(cedar);
    expect(all.length).toBeGreaterThan(2);
    const page = await getJson<Page<BenefitGroup>>('client', portal(cedar, '/groups'));
    expect(page.totalCount).toBe(2);
    expect(page.data.map((g) => g.benefitGroupNo).sort((a, b) => a - b)).toEqual(granted);

    const outside = all.find((g) => !granted.includes(g.benefit_group_no))!;
    await expectStatus('client', portal(cedar, `/groups/${outside.benefit_group_no}`), 404);
    await expectStatus(
      'client',
      portal(cedar, `/groups/${outside.benefit_group_no}/divisions`),
      404,
    );
    await expectStatus('client', portal(cedar, `/fees?groupId=${outside.benefit_group_no}`), 404);
    await expectStatus(
      'client',
      portal(cedar, `/incentive-programs?groupId=${outside.benefit_group_no}`),
      404,
    );
    const fees = await getJson<FeeList>('client', portal(cedar, '/fees'));
    expect(fees.planFees.length).toBeGreaterThan(0);
    expect(fees.planFees.every((f) => granted.includes(f.benefitGroupNo))).toBe(true);
    const programs = await getJson<{ data: GroupIncentivePrograms[] }>(
      'client',
      portal(cedar, '/incentive-programs'),
    );
    expect(programs.data.map((g) => g.benefitGroupNo).sort((a, b) => a - b)).toEqual(granted);
    const auth = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/organizations/${cedar}/benefitgroups`,
    });
    expect(auth.json<{ data: AuthBenefitGroup[] }>().data).toHaveLength(all.length);
  });

  it('filters by status and name, and sorts by each field both ways', async () => {
    // An organization with termed and active groups.
    const mixed = await t.ctx.db
      .selectFrom('benefit_group')
      .select('organization_no')
      .groupBy('organization_no')
      .having((eb) => eb.fn.count('process_status').distinct(), '>', 1)
      .orderBy('organization_no')
      .executeTakeFirstOrThrow();
    const orgNo = mixed.organization_no;
    const rows = await groupsOf(orgNo);
    for (const status of [1, 9]) {
      const page = await getJson<Page<BenefitGroup>>(
        'superAdmin',
        portal(orgNo, `/groups?processStatus=${status}`),
      );
      expect(page.totalCount).toBe(rows.filter((r) => r.process_status === status).length);
      expect(page.data.every((g) => g.processStatus === status)).toBe(true);
    }
    const named = rows[0]!.name;
    const byName = await getJson<Page<BenefitGroup>>(
      'superAdmin',
      portal(orgNo, `/groups?name=${encodeURIComponent(named.slice(1, 6).toUpperCase())}`),
    );
    expect(byName.data.map((g) => g.name)).toContain(named);
    expect(
      byName.data.every((g) => g.name.toLowerCase().includes(named.slice(1, 6).toLowerCase())),
    ).toBe(true);

    const desc = await getJson<Page<BenefitGroup>>(
      'superAdmin',
      portal(orgNo, '/groups?sort=name:desc'),
    );
    const names = desc.data.map((g) => g.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const byDate = await getJson<Page<BenefitGroup>>(
      'superAdmin',
      portal(orgNo, '/groups?sort=processStatus:desc'),
    );
    const statuses = byDate.data.map((g) => g.processStatus);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
    const paged = await getJson<Page<BenefitGroup>>(
      'superAdmin',
      portal(orgNo, '/groups?limit=1&offset=1'),
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.totalCount).toBe(rows.length);
  });

  it('answers one group with its summary fields', async () => {
    const [group] = await groupsOf(cedar);
    const body = await getJson<BenefitGroup>(
      'superAdmin',
      portal(cedar, `/groups/${group!.benefit_group_no}`),
    );
    expect(body).toEqual({
      benefitGroupNo: group!.benefit_group_no,
      benefitGroupId: group!.benefit_group_id,
      name: group!.name,
      processStatus: group!.process_status,
      effectiveDate: group!.effective_date,
      expirationDate: group!.expiration_date,
      dependentAlternateGroupNumber: group!.dependent_alternate_group_number,
    });
    // A group of another organization is not found through this one.
    const [other] = await groupsOf(harbor);
    await expectStatus('superAdmin', portal(cedar, `/groups/${other!.benefit_group_no}`), 404);
  });

  it('lists a group’s divisions', async () => {
    const division = await t.ctx.db
      .selectFrom('division')
      .selectAll()
      .orderBy('division_no')
      .executeTakeFirstOrThrow();
    const expected = await t.ctx.db
      .selectFrom('division')
      .selectAll()
      .where('benefit_group_no', '=', division.benefit_group_no)
      .execute();
    const body = await getJson<{ data: Division[]; totalCount: number }>(
      'superAdmin',
      portal(division.organization_no, `/groups/${division.benefit_group_no}/divisions`),
    );
    expect(body.totalCount).toBe(expected.length);
    expect(body.data.map((d) => d.divisionId)).toEqual(expected.map((d) => d.division_id).sort());
    expect(body.data[0]).toHaveProperty('divisionName');
  });

  it.each([
    ['/groups?processStatus=2', 'processStatus'],
    ['/groups?sort=ssn:asc', 'sort'],
    ['/groups?limit=0', 'limit'],
    ['/groups?offset=x', 'offset'],
    ['/groups/abc', 'groupId'],
    ['/groups/0/divisions', 'groupId'],
    ['/fees?groupId=x', 'groupId'],
    ['/incentive-programs?groupId=-4', 'groupId'],
    ['/benefit-packages?processStatus=7', 'processStatus'],
    ['/benefit-packages?sort=name:up', 'sort'],
    ['/plans/coverages?planStatus=2', 'planStatus'],
    ['/plans/coverages?sort=cost:asc', 'sort'],
    ['/plans/coverages?limit=101', 'limit'],
    ['/invoiceconfigs?offset=-1', 'offset'],
    ['/invoices?invoiceConfigNo=abc', 'invoiceConfigNo'],
    ['/invoices?invoiceNo=12a', 'invoiceNo'],
    ['/invoices?sort=amount:asc', 'sort'],
    ['/locations?sort=zip:asc', 'sort'],
    ['/locations/x', 'locationId'],
    ['/meddsubsidy?limit=-5', 'limit'],
  ])('answers 400 naming the field for %s', async (path, field) => {
    await expect400('superAdmin', portal(cedar, path), field);
  });

  it('answers 400 for an organization id that is not a number', async () => {
    await expect400('superAdmin', '/portal/v1/organizations/abc/groups', 'orgId');
  });
});

describe('organization scope and permission on every dashboard call', () => {
  const paths = [
    '/groups',
    '/fees',
    '/incentive-programs',
    '/benefit-packages',
    '/plans/coverages',
    '/invoiceconfigs',
    '/invoices',
    '/locations',
    '/meddsubsidy',
  ];

  it('answers the broker for their organizations and 404 outside them', async () => {
    for (const path of paths) {
      await expectStatus('broker', portal(harbor, path), 200);
      await expectStatus('broker', portal(northfield, path), 404);
      await expectStatus('superAdmin', portal(999_999, path), 404);
    }
    const [group] = await groupsOf(northfield);
    await expectStatus('broker', portal(northfield, `/groups/${group!.benefit_group_no}`), 404);
    await expectStatus('broker', `/authorization/v1/organizations/${northfield}/users`, 404);
  });

  it('refuses a user without the organizations permission, and the invoice lists without the invoice permission', async () => {
    for (const path of paths) await expectStatus('agent', portal(cedar, path), 403);
    await expectStatus('clientNoSsn', portal(cedar, '/plans/coverages'), 200);
    await expectStatus('clientNoSsn', portal(cedar, '/invoiceconfigs'), 403);
    await expectStatus('clientNoSsn', portal(cedar, '/invoices'), 403);
    const anonymous = await t.app.inject({ method: 'GET', url: portal(cedar, '/groups') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('fees, incentive programs, packages and plans', () => {
  it('answers a group’s fees as planFees, newest first within a fee', async () => {
    const [group] = await groupsOf(cedar);
    const body = await getJson<FeeList>(
      'superAdmin',
      portal(cedar, `/fees?groupId=${group!.benefit_group_no}`),
    );
    const rows = await t.ctx.db
      .selectFrom('group_fee')
      .selectAll()
      .where('benefit_group_no', '=', group!.benefit_group_no)
      .execute();
    expect(body.planFees).toHaveLength(rows.length);
    expect(body.planFees.length).toBeGreaterThan(1);
    for (const fee of body.planFees) {
      const row = rows.find((r) => r.fee_no === fee.feeNo)!;
      expect(fee.feeAmount).toBe(row.fee_amount);
      expect(fee.feeAmount).toMatch(/^\d+\.\d{2}$/);
      expect(fee.expirationDate).toBe(row.expiration_date);
    }
    expect(body.planFees.some((f) => f.expirationDate === null)).toBe(true);
    const all = await getJson<FeeList>('superAdmin', portal(cedar, '/fees'));
    const allRows = await t.ctx.db
      .selectFrom('group_fee')
      .select('fee_no')
      .where('organization_no', '=', cedar)
      .execute();
    expect(all.planFees).toHaveLength(allRows.length);
  });

  it('answers the incentive programs each group supports, in the spec’s order', async () => {
    const body = await getJson<{ data: GroupIncentivePrograms[] }>(
      'superAdmin',
      portal(cedar, '/incentive-programs'),
    );
    expect(body.data).toHaveLength((await groupsOf(cedar)).length);
    const rows = await t.ctx.db
      .selectFrom('benefit_group_incentive_program')
      .selectAll()
      .where('organization_no', '=', cedar)
      .execute();
    expect(body.data.flatMap((g) => g.programs)).toHaveLength(rows.length);
    for (const group of body.data) {
      for (const program of group.programs) {
        expect(
          rows.some(
            (r) =>
              r.benefit_group_no === group.benefitGroupNo &&
              r.program === program.key &&
              r.mandatory === program.mandatory,
          ),
        ).toBe(true);
      }
    }
  });

  it('lists benefit packages, filtered by status', async () => {
    const body = await getJson<Page<BenefitPackage>>(
      'superAdmin',
      portal(cedar, '/benefit-packages'),
    );
    const rows = await t.ctx.db
      .selectFrom('benefit_package')
      .selectAll()
      .where('organization_no', '=', cedar)
      .execute();
    expect(body.totalCount).toBe(rows.length);
    expect(body.totalCount).toBeGreaterThan(1);
    const active = await getJson<Page<BenefitPackage>>(
      'superAdmin',
      portal(cedar, '/benefit-packages?processStatus=1'),
    );
    expect(active.totalCount).toBe(rows.filter((r) => r.process_status === 1).length);
  });

  it('lists plans with filters by name and status and sorts by each column', async () => {
    const rows = await t.ctx.db
      .selectFrom('plan')
      .selectAll()
      .where('organization_no', '=', cedar)
      .execute();
    const page = await getJson<Page<Plan>>('superAdmin', portal(cedar, '/plans/coverages'));
    expect(page.totalCount).toBe(rows.length);
    const names = page.data.map((p) => p.planName.toLowerCase());
    expect(names).toEqual([...names].sort());

    const desc = await getJson<Page<Plan>>(
      'superAdmin',
      portal(cedar, '/plans/coverages?sort=name:desc'),
    );
    expect(desc.data.map((p) => p.planName.toLowerCase())).toEqual([...names].sort().reverse());
    const byExpiry = await getJson<Page<Plan>>(
      'superAdmin',
      portal(cedar, '/plans/coverages?sort=expirationDate:desc'),
    );
    const dates = byExpiry.data.map((p) => p.expirationDate ?? '');
    const withDates = dates.filter((d) => d !== '');
    expect(withDates).toEqual([...withDates].sort().reverse());
    // Plans without an end come last in both directions.
    expect(dates.slice(withDates.length).every((d) => d === '')).toBe(true);
    const byStatus = await getJson<Page<Plan>>(
      'superAdmin',
      portal(cedar, '/plans/coverages?sort=planStatus:asc'),
    );
    const statuses = byStatus.data.map((p) => p.planStatus);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));

    for (const status of [1, 9]) {
      const filtered = await getJson<Page<Plan>>(
        'superAdmin',
        portal(cedar, `/plans/coverages?planStatus=${status}`),
      );
      expect(filtered.totalCount).toBe(rows.filter((r) => r.plan_status === status).length);
    }
    const word = rows[0]!.plan_name.split(' ')[1]!;
    const byName = await getJson<Page<Plan>>(
      'superAdmin',
      portal(cedar, `/plans/coverages?name=${encodeURIComponent(word.toLowerCase())}`),
    );
    expect(byName.totalCount).toBe(
      rows.filter((r) => r.plan_name.toLowerCase().includes(word.toLowerCase())).length,
    );
    expect(byName.totalCount).toBeGreaterThan(0);
  });
});

describe('locations and Med D subsidies', () => {
  it('lists locations, one location, and none for an organization without', async () => {
    const page = await getJson<Page<Location>>('superAdmin', portal(cedar, '/locations'));
    expect(page.totalCount).toBeGreaterThan(0);
    const one = await getJson<Location>(
      'superAdmin',
      portal(cedar, `/locations/${page.data[0]!.locationNo}`),
    );
    expect(one).toEqual(page.data[0]);
    await expectStatus('superAdmin', portal(harbor, `/locations/${page.data[0]!.locationNo}`), 404);
    const none = await getJson<Page<Location>>('superAdmin', portal(northfield, '/locations'));
    expect(none).toEqual({ data: [], totalCount: 0 });
  });

  it('answers Med D subsidies only where records exist', async () => {
    const some = await getJson<Page<MeddSubsidy>>('superAdmin', portal(cedar, '/meddsubsidy'));
    expect(some.totalCount).toBeGreaterThan(0);
    const dates = some.data.map((m) => m.applicationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const none = await getJson<Page<MeddSubsidy>>('superAdmin', portal(harbor, '/meddsubsidy'));
    expect(none.totalCount).toBe(0);
  });
});

describe('invoices', () => {
  async function firstConfig(orgNo: number, ice?: boolean) {
    let q = t.ctx.db.selectFrom('invoice_config').selectAll().where('organization_no', '=', orgNo);
    if (ice !== undefined) q = q.where('supports_ice', '=', ice);
    return q.orderBy('invoice_config_no').executeTakeFirstOrThrow();
  }

  it('lists the invoice configurations', async () => {
    const body = await getJson<Page<InvoiceConfig>>('broker', portal(cedar, '/invoiceconfigs'));
    const rows = await t.ctx.db
      .selectFrom('invoice_config')
      .selectAll()
      .where('organization_no', '=', cedar)
      .execute();
    expect(body.totalCount).toBe(rows.length);
    expect(body.data.some((c) => c.supportsICE)).toBe(true);
    expect(Object.keys(body.data[0]!).sort()).toEqual([
      'distributionMethod',
      'invoiceConfigNo',
      'name',
      'supportsICE',
    ]);
  });

  it('lists a configuration’s invoices newest first and searches by number', async () => {
    const config = await firstConfig(cedar);
    const body = await getJson<Page<Invoice>>(
      'client',
      portal(cedar, `/invoices?invoiceConfigNo=${config.invoice_config_no}&limit=100`),
    );
    const rows = await t.ctx.db
      .selectFrom('invoice')
      .selectAll()
      .where('invoice_config_no', '=', config.invoice_config_no)
      .execute();
    expect(body.totalCount).toBe(rows.length);
    expect(body.data.every((i) => i.invoiceConfigNo === config.invoice_config_no)).toBe(true);
    const dates = body.data.map((i) => i.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data.some((i) => i.isTria)).toBe(true);
    expect(body.data.some((i) => !i.isTria)).toBe(true);

    const target = rows[3]!;
    const prefix = String(target.invoice_no).slice(0, 5);
    const search = await getJson<Page<Invoice>>(
      'client',
      portal(
        cedar,
        `/invoices?invoiceConfigNo=${config.invoice_config_no}&invoiceNo=${prefix}&limit=100`,
      ),
    );
    expect(search.data.map((i) => i.invoiceNo)).toContain(target.invoice_no);
    expect(search.data.every((i) => String(i.invoiceNo).startsWith(prefix))).toBe(true);
    const exact = await getJson<Page<Invoice>>(
      'client',
      portal(
        cedar,
        `/invoices?invoiceConfigNo=${config.invoice_config_no}&invoiceNo=${target.invoice_no}`,
      ),
    );
    expect(exact.data.map((i) => i.invoiceNo)).toEqual([target.invoice_no]);
    expect(exact.data[0]!.totalAmount).toBe(target.total_amount);
    const byNumber = await getJson<Page<Invoice>>(
      'client',
      portal(
        cedar,
        `/invoices?invoiceConfigNo=${config.invoice_config_no}&sort=invoiceNo:asc&limit=100`,
      ),
    );
    const numbers = byNumber.data.map((i) => i.invoiceNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('keeps every invoice’s total equal to its lines, and its claims line to its claim summary and detail', async () => {
    const invoices = await t.ctx.db
      .selectFrom('invoice')
      .selectAll()
      .where('organization_no', '=', cedar)
      .execute();
    expect(invoices.length).toBeGreaterThan(10);
    for (const invoice of invoices) {
      const lines = await t.ctx.db
        .selectFrom('invoice_line')
        .selectAll()
        .where('invoice_no', '=', invoice.invoice_no)
        .execute();
      expect(sumMoney(lines.map((l) => l.amount))).toBe(invoice.total_amount);
      const summary = await t.ctx.db
        .selectFrom('invoice_claim_summary')
        .selectAll()
        .where('invoice_no', '=', invoice.invoice_no)
        .execute();
      const detail = await t.ctx.db
        .selectFrom('invoice_claim_detail')
        .selectAll()
        .where('invoice_no', '=', invoice.invoice_no)
        .execute();
      expect(sumMoney(summary.map((s) => s.plan_paid))).toBe(
        sumMoney(detail.map((d) => d.plan_paid)),
      );
      expect(lines.find((l) => l.line_no === 1)!.amount).toBe(
        sumMoney(detail.map((d) => d.plan_paid)),
      );
    }
  });
});

describe('GET .../invoices/{invoiceId}/report', () => {
  async function invoiceOf(orgNo: number, ice = false) {
    return t.ctx.db
      .selectFrom('invoice as i')
      .innerJoin('invoice_config as c', 'c.invoice_config_no', 'i.invoice_config_no')
      .selectAll('i')
      .where('i.organization_no', '=', orgNo)
      .where('c.supports_ice', '=', ice)
      .orderBy('i.invoice_no')
      .executeTakeFirstOrThrow();
  }
  function reportUrl(orgNo: number, invoiceNo: number, query: string) {
    return portal(orgNo, `/invoices/${invoiceNo}/report?${query}`);
  }
  async function download(as: PersonaKey, url: string) {
    const response = await get(as, url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response;
  }
  async function detailRows(invoiceNo: number) {
    return t.ctx.db
      .selectFrom('invoice_claim_detail')
      .selectAll()
      .where('invoice_no', '=', invoiceNo)
      .execute();
  }

  it('generates the invoice as a PDF whose lines and total are the invoice’s', async () => {
    const invoice = await invoiceOf(cedar);
    const response = await download(
      'accountManager',
      reportUrl(cedar, invoice.invoice_no, 'type=Invoice&format=PDF'),
    );
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.invoice_no}-${invoice.invoice_date}.pdf"; filename*=UTF-8''invoice-${invoice.invoice_no}-${invoice.invoice_date}.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, title } = await readPdfText(response.rawPayload);
    expect(title).toBe(`Invoice ${invoice.invoice_no}`);
    const text = pages.join('\n');
    expect(text).toContain('Cedar Valley Manufacturing');
    expect(text).toContain(formatDate(invoice.invoice_date));
    expect(text).toContain(invoice.is_tria ? 'Tria' : 'Standard');
    const lines = await t.ctx.db
      .selectFrom('invoice_line')
      .selectAll()
      .where('invoice_no', '=', invoice.invoice_no)
      .orderBy('line_no')
      .execute();
    for (const line of lines) {
      expect(text).toContain(line.description);
      expect(text).toContain(formatUsd(line.amount));
    }
    const totalLine = text.split('\n').find((l) => l.startsWith('Total Due') && l.includes('$'));
    expect(totalLine).toBe(`Total Due ${formatUsd(invoice.total_amount)}`);
    expect(text).toMatch(/Page 1 of 1/);
  });

  it('prints invoice lines whose quantity × unit amount is the amount, to the cent', async () => {
    const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
    const invoices = await t.ctx.db
      .selectFrom('invoice')
      .select('invoice_no')
      .where('organization_no', '=', cedar)
      .orderBy('invoice_no')
      .limit(12)
      .execute();
    expect(invoices.length).toBeGreaterThan(5);
    for (const { invoice_no } of invoices) {
      const pdf = await download(
        'accountManager',
        reportUrl(cedar, invoice_no, 'type=Invoice&format=PDF'),
      );
      const text = (await readPdfText(pdf.rawPayload)).pages.join('\n');
      // Line, description, quantity, unit amount, amount: one table row per invoice line.
      const rows = text
        .split('\n')
        .map((l) => /^(\d+) (.+) (\d+(?:\.\d+)?) (-?\$[\d,]+\.\d\d) (-?\$[\d,]+\.\d\d)$/.exec(l))
        .filter((m) => m !== null);
      const lines = await t.ctx.db
        .selectFrom('invoice_line')
        .select('line_no')
        .where('invoice_no', '=', invoice_no)
        .execute();
      expect(rows.map((m) => Number(m[1]))).toEqual(
        lines.map((l) => l.line_no).sort((a, b) => a - b),
      );
      for (const [row, , description, quantity, unit, amount] of rows) {
        expect(
          Math.round(Number(quantity) * cents(unit!)),
          `invoice ${invoice_no}: ${row} (${description})`,
        ).toBe(cents(amount!));
      }
    }
  });

  it('generates the claim summary as CSV and PDF whose totals equal the claims', async () => {
    const invoice = await invoiceOf(cedar);
    const csv = await download(
      'accountManager',
      reportUrl(cedar, invoice.invoice_no, 'type=Summary&format=Text'),
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(
      `invoice-${invoice.invoice_no}-claim-summary-${invoice.invoice_date}.csv`,
    );
    const records = readCsv(csv.rawPayload);
    expect(records[0]).toEqual([
      'Group ID',
      'Group',
      'Claims',
      'Ingredient Cost',
      'Dispensing Fee',
      'Member Paid',
      'Plan Paid',
    ]);
    const body = records.slice(1, -1);
    const total = records.at(-1)!;
    expect(total[0]).toBe('Total');
    const detail = await detailRows(invoice.invoice_no);
    expect(Number(total[2])).toBe(detail.length);
    expect(total[3]).toBe(sumMoney(detail.map((d) => d.ingredient_cost)));
    expect(total[5]).toBe(sumMoney(detail.map((d) => d.member_paid)));
    expect(total[6]).toBe(sumMoney(detail.map((d) => d.plan_paid)));
    expect(total[6]).toBe(sumMoney(body.map((r) => r[6]!)));
    const line = await t.ctx.db
      .selectFrom('invoice_line')
      .select('amount')
      .where('invoice_no', '=', invoice.invoice_no)
      .where('line_no', '=', 1)
      .executeTakeFirstOrThrow();
    expect(total[6]).toBe(line.amount);

    const pdf = await download(
      'accountManager',
      reportUrl(cedar, invoice.invoice_no, 'type=Summary&format=PDF'),
    );
    const text = (await readPdfText(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain(`Total ${detail.length} ${formatUsd(total[3])}`);
    expect(text).toContain(formatUsd(total[6]));
  });

  it('generates the claim detail as Excel with one row per claim and the totals', async () => {
    const invoice = await invoiceOf(cedar);
    const response = await download(
      'accountManager',
      reportUrl(cedar, invoice.invoice_no, 'type=Detail&format=Excel'),
    );
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(
      `invoice-${invoice.invoice_no}-claim-detail-${invoice.invoice_date}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Claim Detail')!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const headerIndex = values.findIndex((row) => row.includes('Claim Number'));
    const header = values[headerIndex]!;
    const planPaidColumn = header.indexOf('Plan Paid');
    const claims = values.slice(headerIndex + 1, -1);
    const detail = await detailRows(invoice.invoice_no);
    expect(claims).toHaveLength(detail.length);
    expect(claims.map((row) => row[header.indexOf('Claim Number')]).sort()).toEqual(
      detail.map((d) => d.claim_number).sort(),
    );
    const totalRow = values.at(-1)!;
    expect(totalRow[1]).toBe('Total');
    const planPaidTotal = totalRow[planPaidColumn] as { formula: string; result: number };
    expect(planPaidTotal.formula).toMatch(/^SUM\([A-Z]+\d+:[A-Z]+\d+\)$/);
    const expected = sumMoney(detail.map((d) => d.plan_paid));
    expect(planPaidTotal.result.toFixed(2)).toBe(expected);
    const cells = claims.map((row) => (row[planPaidColumn] as number).toFixed(2));
    expect(sumMoney(cells)).toBe(expected);
    expect(
      values.some((row) => row[1] === 'Invoice Number' && row[2] === String(invoice.invoice_no)),
    ).toBe(true);
  });

  it('generates the invoice as Excel and CSV with the same total as the PDF', async () => {
    const invoice = await invoiceOf(cedar);
    const excel = await download(
      'client',
      reportUrl(cedar, invoice.invoice_no, 'type=Invoice&format=Excel'),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Invoice')!.getSheetValues().filter(Boolean) as unknown[][];
    const total = rows.at(-1)!;
    expect(total[2]).toBe('Total Due');
    expect((total[5] as { result: number }).result.toFixed(2)).toBe(invoice.total_amount);
    const csv = await download(
      'client',
      reportUrl(cedar, invoice.invoice_no, `type=Invoice&format=Text&date=${invoice.invoice_date}`),
    );
    const records = readCsv(csv.rawPayload);
    expect(records.at(-1)).toEqual(['', 'Total Due', '', '', invoice.total_amount]);
    expect(sumMoney(records.slice(1, -1).map((r) => r[4]!))).toBe(invoice.total_amount);
  });

  it('exports the claim extract where the configuration supports it, and refuses it elsewhere', async () => {
    const ice = await invoiceOf(cedar, true);
    const response = await download(
      'broker',
      reportUrl(cedar, ice.invoice_no, 'type=InvoiceClaimExtract&format=Excel'),
    );
    expect(response.headers['content-disposition']).toContain(
      `invoice-${ice.invoice_no}-claim-extract-${ice.invoice_date}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = workbook
      .getWorksheet('Claim Extract')!
      .getSheetValues()
      .filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1, 4)).toEqual(['Invoice Number', 'Invoice Date', 'Claim Number']);
    const detail = await detailRows(ice.invoice_no);
    expect(rows).toHaveLength(detail.length + 1);
    const planPaid = rows[0]!.indexOf('Plan Paid');
    expect(sumMoney(rows.slice(1).map((r) => (r[planPaid] as number).toFixed(2)))).toBe(
      sumMoney(detail.map((d) => d.plan_paid)),
    );
    const csv = await download(
      'broker',
      reportUrl(cedar, ice.invoice_no, 'type=InvoiceClaimExtract&format=Text'),
    );
    const records = readCsv(csv.rawPayload);
    expect(records).toHaveLength(detail.length + 1);
    expect(records[1]![1]).toBe(ice.invoice_date);

    const plain = await invoiceOf(cedar, false);
    await expect400(
      'broker',
      reportUrl(cedar, plain.invoice_no, 'type=InvoiceClaimExtract&format=Excel'),
      'type',
    );
  });

  it('limits claim rows to the groups a group-restricted client may see', async () => {
    const granted = await clientGroupNos();
    const invoices = await t.ctx.db
      .selectFrom('invoice')
      .select('invoice_no')
      .where('organization_no', '=', cedar)
      .execute();
    let checked = 0;
    for (const { invoice_no } of invoices) {
      const detail = await detailRows(invoice_no);
      const mine = detail.filter((d) => granted.includes(d.benefit_group_no));
      if (mine.length === detail.length || mine.length === 0) continue;
      const response = await download(
        'client',
        reportUrl(cedar, invoice_no, 'type=Detail&format=Text'),
      );
      const records = readCsv(response.rawPayload);
      expect(
        records
          .slice(1, -1)
          .map((r) => r[0])
          .sort(),
      ).toEqual(mine.map((d) => d.claim_number).sort());
      expect(records.at(-1)![13]).toBe(sumMoney(mine.map((d) => d.plan_paid)));
      checked += 1;
      if (checked === 2) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('answers 404 outside the caller’s scope and for an invoice of another organization', async () => {
    const own = await invoiceOf(cedar);
    const outside = await invoiceOf(northfield);
    await expectStatus(
      'broker',
      reportUrl(northfield, outside.invoice_no, 'type=Invoice&format=PDF'),
      404,
    );
    await expectStatus(
      'broker',
      reportUrl(cedar, outside.invoice_no, 'type=Invoice&format=PDF'),
      404,
    );
    await expectStatus(
      'superAdmin',
      reportUrl(harbor, own.invoice_no, 'type=Invoice&format=PDF'),
      404,
    );
    await expectStatus('superAdmin', reportUrl(cedar, 1, 'type=Invoice&format=PDF'), 404);
  });

  it.each([
    ['type=Statement&format=PDF', 'type'],
    ['format=PDF', 'type'],
    ['type=Invoice&format=Word', 'format'],
    ['type=Invoice&format=PDF&date=2026-02-30', 'date'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const own = await invoiceOf(cedar);
    await expect400('superAdmin', reportUrl(cedar, own.invoice_no, query), field);
  });

  it('answers 400 when the date is not the invoice’s', async () => {
    const own = await invoiceOf(cedar);
    await expect400(
      'superAdmin',
      reportUrl(cedar, own.invoice_no, 'type=Invoice&format=PDF&date=2001-01-01'),
      'date',
    );
  });

  it('needs the download permission of each report type', async () => {
    const own = await invoiceOf(cedar, true);
    // A user whose only download permission is the invoice PDF's.
    const request = await createUser({
      type: 'i',
      permissions: [
        PERMISSIONS.viewOrganizations,
        PERMISSIONS.viewFinancialInvoice,
        PERMISSIONS.downloadFinancialInvoice,
      ],
    });
    const as = (query: string) => request(reportUrl(cedar, own.invoice_no, query));
    expect((await as('type=Invoice&format=PDF')).statusCode).toBe(200);
    for (const type of ['Summary', 'Detail', 'InvoiceClaimExtract']) {
      const response = await as(`type=${type}&format=Text`);
      expect(response.statusCode, type).toBe(403);
    }
    // Refused before the invoice is looked up: an unknown invoice is 403 too, revealing nothing.
    const unknown = await request(reportUrl(cedar, 1, 'type=Detail&format=PDF'));
    expect(unknown.statusCode).toBe(403);
    // Without any download permission the route itself refuses.
    await expectStatus(
      'clientNoSsn',
      reportUrl(cedar, own.invoice_no, 'type=Invoice&format=PDF'),
      403,
    );
  });

  it('writes who downloaded which document to the audit log', async () => {
    const own = await invoiceOf(cedar);
    await download('broker', reportUrl(cedar, own.invoice_no, 'type=Summary&format=PDF'));
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'invoice')
      .where('entity_id', '=', String(own.invoice_no))
      .where('actor_user_no', '=', await t.userNo('broker'))
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('download');
    expect(entry.detail).toMatchObject({ type: 'Summary', format: 'PDF', organizationNo: cedar });
  });
});

describe('GET /authorization/v1/organizations/{orgId}/users', () => {
  const url = (orgNo: number, query = '') =>
    `/authorization/v1/organizations/${orgNo}/users${query ? `?${query}` : ''}`;
  async function grantedUsers(orgNo: number) {
    return t.ctx.db
      .selectFrom('user_organization as uo')
      .innerJoin('app_user as u', 'u.user_no', 'uo.user_no')
      .select(['u.user_no', 'u.user_type', 'u.active', 'u.first_name', 'u.last_name'])
      .where('uo.organization_no', '=', orgNo)
      .execute();
  }

  it('lists the organization’s users with their roles, sorted by name', async () => {
    const body = await getJson<Page<OrganizationUser>>('accountManager', url(harbor, 'limit=100'));
    const rows = await grantedUsers(harbor);
    expect(body.totalCount).toBe(rows.length);
    expect(body.data.some((u) => u.type === 'c')).toBe(true);
    expect(body.data.some((u) => u.type === 'b')).toBe(true);
    expect(body.data.some((u) => !u.active)).toBe(true);
    const names = body.data.map((u) => u.fullName.toLowerCase());
    expect(names).toEqual([...names].sort());
    for (const user of body.data) {
      expect(user.roles.length).toBeGreaterThan(0);
      // Each seeded user holds roles of their own type.
      const group = user.type === 'c' ? 'client' : user.type === 'b' ? 'broker' : 'internal';
      expect(user.roles.every((r) => r.group === group)).toBe(true);
    }
  });

  it('filters by status, roles and name', async () => {
    const rows = await grantedUsers(harbor);
    const inactive = await getJson<Page<OrganizationUser>>(
      'accountManager',
      url(harbor, 'active=false&limit=100'),
    );
    expect(inactive.totalCount).toBe(rows.filter((r) => !r.active).length);
    expect(inactive.data.every((u) => !u.active)).toBe(true);
    const active = await getJson<Page<OrganizationUser>>(
      'accountManager',
      url(harbor, 'active=true&limit=100'),
    );
    expect(active.totalCount + inactive.totalCount).toBe(rows.length);

    const roles = await t.ctx.db
      .selectFrom('user_role as ur')
      .innerJoin('user_organization as uo', 'uo.user_no', 'ur.user_no')
      .select(['ur.user_no', 'ur.role_id'])
      .where('uo.organization_no', '=', harbor)
      .execute();
    const roleIds = [...new Set(roles.map((r) => r.role_id))].slice(0, 2);
    const withRoles = await getJson<Page<OrganizationUser>>(
      'accountManager',
      url(harbor, `${roleIds.map((id) => `roleId=${id}`).join('&')}&limit=100`),
    );
    const expected = new Set(
      roles.filter((r) => roleIds.includes(r.role_id)).map((r) => r.user_no),
    );
    expect(withRoles.totalCount).toBe(expected.size);
    expect(withRoles.data.every((u) => u.roles.some((r) => roleIds.includes(r.id)))).toBe(true);
    const single = await getJson<Page<OrganizationUser>>(
      'accountManager',
      url(harbor, `roleId=${roleIds[0]}&limit=100`),
    );
    expect(single.totalCount).toBe(
      new Set(roles.filter((r) => r.role_id === roleIds[0]).map((r) => r.user_no)).size,
    );

    const someone = rows[0]!;
    const byName = await getJson<Page<OrganizationUser>>(
      'accountManager',
      url(harbor, `name=${encodeURIComponent(someone.last_name.toUpperCase())}`),
    );
    expect(byName.data.map((u) => u.id)).toContain(someone.user_no);
    expect(
      byName.data.every((u) => u.fullName.toLowerCase().includes(someone.last_name.toLowerCase())),
    ).toBe(true);
  });

  it('shows a broker only broker users', async () => {
    const body = await getJson<Page<OrganizationUser>>('broker', url(cedar, 'limit=100'));
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.data.every((u) => u.type === 'b')).toBe(true);
    expect(body.data.map((u) => u.username)).toContain('broker@pillar.example');
  });

  it('needs the users permission, and answers 400 for a bad filter', async () => {
    await expectStatus('clientNoSsn', url(cedar), 403);
    await expectStatus('superAdmin', url(999_999), 404);
    await expect400('superAdmin', url(cedar, 'roleId=admin'), 'roleId');
    await expect400('superAdmin', url(cedar, 'active=maybe'), 'active');
    await expect400('superAdmin', url(cedar, 'sort=email:asc'), 'sort');
  });
});

describe('authorization organization look-ups', () => {
  it('lists organizations by orgNo and name within scope', async () => {
    const body = await getJson<Page<AuthOrganization>>(
      'accountManager',
      `/authorization/v1/organizations?orgNo=${cedar}&orgNo=${northfield}`,
    );
    expect(body.data.map((o) => o.id).sort((a, b) => a - b)).toEqual([cedar, northfield]);
    const one = await getJson<Page<AuthOrganization>>(
      'accountManager',
      `/authorization/v1/organizations?orgNo=${harbor}`,
    );
    expect(one.data.map((o) => o.name)).toEqual(['Harbor Point Teamsters Local 12']);
    const named = await getJson<Page<AuthOrganization>>(
      'accountManager',
      '/authorization/v1/organizations?name=northfield',
    );
    expect(named.data.map((o) => o.id)).toContain(northfield);
    const scoped = await createUser({
      type: 'b',
      permissions: [PERMISSIONS.authorizationViewOrgs],
      organizations: [cedar, harbor],
    });
    const brokerView = await scoped('/authorization/v1/organizations?limit=100');
    expect(
      brokerView
        .json<Page<AuthOrganization>>()
        .data.map((o) => o.id)
        .sort((a, b) => a - b),
    ).toEqual([cedar, harbor]);
    await expect400('accountManager', '/authorization/v1/organizations?orgNo=x', 'orgNo');
  });

  it('answers one organization and its benefit groups, 404 outside scope, 403 without the permission', async () => {
    const one = await getJson<AuthOrganization>(
      'accountManager',
      `/authorization/v1/organizations/${cedar}`,
    );
    expect(one).toMatchObject({ id: cedar, name: 'Cedar Valley Manufacturing', processStatus: 1 });
    const all = await groupsOf(cedar);
    const restricted = await createUser({
      type: 'c',
      permissions: [PERMISSIONS.authorizationViewOrgs],
      organizations: [cedar],
      groups: [all[1]!.benefit_group_no],
    });
    const groups = await restricted(`/authorization/v1/organizations/${cedar}/benefitgroups`);
    expect(groups.json<{ data: AuthBenefitGroup[] }>().data.map((g) => g.id)).toEqual([
      all[1]!.benefit_group_no,
    ]);
    expect((await restricted(`/authorization/v1/organizations/${cedar}`)).statusCode).toBe(200);
    expect((await restricted(`/authorization/v1/organizations/${northfield}`)).statusCode).toBe(
      404,
    );
    expect(
      (await restricted(`/authorization/v1/organizations/${northfield}/benefitgroups`)).statusCode,
    ).toBe(404);
    await expectStatus('client', `/authorization/v1/organizations/${cedar}/benefitgroups`, 403);
    await expectStatus('clientNoSsn', `/authorization/v1/organizations/${cedar}`, 403);
    await expectStatus('clientNoSsn', `/authorization/v1/organizations?orgNo=${cedar}`, 403);
  });
});
