import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import type { OrganizationDetail, OrganizationSummary, Page } from '@pillar/domain';
import { signAccessToken } from '../../platform/auth/access-token.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function search(query: string, as: Parameters<TestApp['injectAs']>[0] = 'superAdmin') {
  const response = await t.injectAs(as, {
    method: 'GET',
    url: `/portal/v1/organizations?${query}`,
  });
  return { response, body: response.json<Page<OrganizationSummary>>() };
}

async function allOrganizations() {
  return t.ctx.db.selectFrom('organization').selectAll().orderBy('organization_no').execute();
}

describe('GET /portal/v1/organizations', () => {
  it('answers the first page of 20 with the total, sorted by name by default', async () => {
    const { response, body } = await search('');
    expect(response.statusCode).toBe(200);
    const rows = await allOrganizations();
    expect(body.totalCount).toBe(rows.length);
    expect(body.data).toHaveLength(20);
    const names = body.data.map((o) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      ['effectiveDate', 'expirationDate', 'name', 'organizationNo', 'processStatus', 'type'].sort(),
    );
  });

  it('filters by part of the name, ignoring case, and escapes LIKE wildcards', async () => {
    const { body } = await search('name=cedar%20VALLEY');
    expect(body.data.map((o) => o.name)).toContain('Cedar Valley Manufacturing');
    expect(body.data.every((o) => o.name.toLowerCase().includes('cedar valley'))).toBe(true);
    const wildcard = await search('name=%25');
    expect(wildcard.body.totalCount).toBe(0);
  });

  it('filters by status', async () => {
    for (const status of [1, 2, 9]) {
      const { body } = await search(`processStatus=${status}&limit=100`);
      const expected = (await allOrganizations()).filter((o) => o.process_status === status);
      expect(body.totalCount).toBe(expected.length);
      expect(body.totalCount).toBeGreaterThan(0);
      expect(body.data.every((o) => o.processStatus === status)).toBe(true);
    }
  });

  it('filters effective on or after, and terminating on or before, the dates given', async () => {
    const { body } = await search('effectiveDate=2020-01-01&limit=100');
    const expected = (await allOrganizations()).filter((o) => o.effective_date >= '2020-01-01');
    expect(body.totalCount).toBe(expected.length);
    expect(body.data.every((o) => o.effectiveDate >= '2020-01-01')).toBe(true);

    const ended = await search('expirationDate=2026-01-01&limit=100');
    const expectedEnded = (await allOrganizations()).filter(
      (o) => o.expiration_date !== null && o.expiration_date <= '2026-01-01',
    );
    expect(ended.body.totalCount).toBe(expectedEnded.length);
    expect(
      ended.body.data.every((o) => o.expirationDate !== null && o.expirationDate <= '2026-01-01'),
    ).toBe(true);
  });

  it('pages with limit and offset without overlap, and counts past the end', async () => {
    const first = await search('limit=20&offset=0');
    const second = await search('limit=20&offset=20');
    const firstIds = new Set(first.body.data.map((o) => o.organizationNo));
    expect(second.body.data.some((o) => firstIds.has(o.organizationNo))).toBe(false);
    expect(second.body.totalCount).toBe(first.body.totalCount);
    const beyond = await search('limit=20&offset=5000');
    expect(beyond.body.data).toHaveLength(0);
    expect(beyond.body.totalCount).toBe(first.body.totalCount);
  });

  it('sorts by each sortable field in both directions', async () => {
    const desc = await search('sort=effectiveDate:desc&limit=100');
    const dates = desc.body.data.map((o) => o.effectiveDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const status = await search('sort=processStatus:asc&limit=100');
    const codes = status.body.data.map((o) => o.processStatus);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    const byName = await search('sort=name:desc&limit=5');
    const names = byName.body.data.map((o) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it.each([
    ['effectiveDate=2024-02-30', 'effectiveDate'],
    ['expirationDate=yesterday', 'expirationDate'],
    ['sort=ssn:asc', 'sort'],
    ['sort=name', 'sort'],
    ['offset=-1', 'offset'],
    ['limit=10000', 'limit'],
    ['limit=abc', 'limit'],
    ['processStatus=5', 'processStatus'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { response } = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = response.json<{
      status: number;
      detail: string;
      params: Record<string, string>;
    }>();
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.params)).toContain(field);
    expect(problem.detail).toContain(field);
  });

  it('shows a broker only their two organizations', async () => {
    const { body } = await search('limit=100', 'broker');
    expect(body.totalCount).toBe(2);
    const rows = await allOrganizations();
    expect(body.data.map((o) => o.organizationNo).sort()).toEqual(
      [rows[0]!.organization_no, rows[1]!.organization_no].sort(),
    );
  });

  it('needs a token, a valid one, and the permission', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/portal/v1/organizations' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');

    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: t.ctx.secrets.signingKeys[0]!.kid! })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.audience)
      .setSubject(String(await t.userNo('superAdmin')))
      .setExpirationTime('1h')
      .sign(privateKey);
    const forgedResponse = await t.app.inject({
      method: 'GET',
      url: '/portal/v1/organizations',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(forgedResponse.statusCode).toBe(401);

    const expired = await signAccessToken(t.config, t.ctx.secrets, await t.userNo('superAdmin'), {
      expiresInSeconds: -60,
    });
    const expiredResponse = await t.app.inject({
      method: 'GET',
      url: '/portal/v1/organizations',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(expiredResponse.statusCode).toBe(401);

    for (const [option, value] of [
      ['audience', 'urn:someone:else'],
      ['issuer', 'https://issuer.invalid'],
    ] as const) {
      const wrong = await signAccessToken(t.config, t.ctx.secrets, await t.userNo('superAdmin'), {
        [option]: value,
      });
      const wrongResponse = await t.app.inject({
        method: 'GET',
        url: '/portal/v1/organizations',
        headers: { authorization: `Bearer ${wrong}` },
      });
      expect(wrongResponse.statusCode).toBe(401);
    }

    const agent = await t.injectAs('agent', { method: 'GET', url: '/portal/v1/organizations' });
    expect(agent.statusCode).toBe(403);
  });

  it('refuses a deactivated user even with a valid token', async () => {
    const userNo = await t.userNo('clientNoSsn');
    await t.ctx.db
      .updateTable('app_user')
      .set({ active: false })
      .where('user_no', '=', userNo)
      .execute();
    try {
      const response = await t.injectAs('clientNoSsn', {
        method: 'GET',
        url: '/portal/v1/organizations',
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await t.ctx.db
        .updateTable('app_user')
        .set({ active: true })
        .where('user_no', '=', userNo)
        .execute();
    }
  });
});

describe('GET /portal/v1/organizations/{orgId}', () => {
  it('answers the header fields, contacts and form flags', async () => {
    const [first] = await allOrganizations();
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/portal/v1/organizations/${first!.organization_no}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<OrganizationDetail>();
    expect(body.name).toBe('Cedar Valley Manufacturing');
    expect(body.type).toBe('Employer');
    expect(body.processStatus).toBe(1);
    expect(body.originalEffectiveDate).toBe(first!.original_effective_date);
    expect(body.eligibilityContact?.email).toMatch(/@/);
    expect(typeof body.supportsDivisions).toBe('boolean');
  });

  it('answers 404 for an unknown organization', async () => {
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/portal/v1/organizations/999999',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers 404, not 403, to a broker asking for a third organization', async () => {
    const rows = await allOrganizations();
    const own = await t.injectAs('broker', {
      method: 'GET',
      url: `/portal/v1/organizations/${rows[1]!.organization_no}`,
    });
    expect(own.statusCode).toBe(200);
    const third = await t.injectAs('broker', {
      method: 'GET',
      url: `/portal/v1/organizations/${rows[2]!.organization_no}`,
    });
    expect(third.statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/portal/v1/organizations/abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ params: Record<string, string> }>().params).toHaveProperty('orgId');
  });
});
