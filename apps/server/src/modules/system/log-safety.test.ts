import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findRole } from '@pillar/domain';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * What reaches the log, read from the app's real log stream: link tokens never (issue 10,
 * security 1), and a database error carries its code and statement but no value it was given
 * (security 2).
 */

let t: TestApp;
const logLines: string[] = [];
const logText = () => logLines.join('\n');

beforeAll(async () => {
  t = await createTestApp({
    startJobs: true,
    // The most the logger can say: a token logged at any level fails the test.
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void logLines.push(line) },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function latestMailTo(address: string): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where(sql<boolean>`${address} = any(to_addresses)`)
    .orderBy('mail_id', 'desc')
    .executeTakeFirstOrThrow();
  return mail.text_body;
}

function tokenIn(text: string, path: RegExp): string {
  const match = path.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return match[1]!;
}

async function usePasswordLink(token: string) {
  const url = `/oidc/reset/${token}`;
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode, page.body).toBe(200);
  const post = (password: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password, confirm: password }).toString(),
    });
  expect((await post('short')).statusCode).toBe(400);
  expect((await post('a long enough passphrase for logs')).statusCode).toBe(200);
  // A used link: the 410 page is logged too.
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(410);
}

/** Every request this test made is in the log, with its token masked: the test is not vacuous. */
function expectLoggedMasked(path: string) {
  expect(logLines.some((line) => line.includes(`"url":"${path}"`))).toBe(true);
}

describe('link tokens never reach the log', () => {
  it('password reset links', async () => {
    const sent = await t.injectAs('clientNoSsn', {
      method: 'POST',
      url: '/authorization/v1/userprofile/password-reset',
    });
    expect(sent.statusCode).toBe(200);
    const token = tokenIn(
      await latestMailTo('client.viewer@pillar.example'),
      /\/oidc\/reset\/([A-Za-z0-9_-]+)/,
    );
    await usePasswordLink(token);
    expect(logText()).not.toContain(token);
    expectLoggedMasked('/oidc/reset/[redacted]');
  });

  it('invitation links', async () => {
    const organization = await t.ctx.db
      .selectFrom('organization')
      .select('organization_no')
      .orderBy('organization_no')
      .executeTakeFirstOrThrow();
    const username = 'log.invitee@log-safety.example';
    const created = await t.injectAs('superAdmin', {
      method: 'POST',
      url: '/authorization/v1/users',
      payload: {
        username,
        firstName: 'Lena',
        lastName: 'Ortiz',
        type: 'client',
        active: true,
        roles: [findRole('clientFiles')!.id],
        organizations: [{ orgId: organization.organization_no, all: true, groups: [] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = tokenIn(await latestMailTo(username), /\/oidc\/reset\/([A-Za-z0-9_-]+)/);
    await usePasswordLink(token);
    expect(logText()).not.toContain(token);
  });

  it('temp ID card links: the web page, the state and the verification', async () => {
    const employee = await t.ctx.db
      .selectFrom('employee as e')
      .innerJoin('coverage as c', 'c.employee_no', 'e.employee_no')
      .select(['e.employee_no', 'e.organization_no', 'e.last_name', 'e.birthdate', 'e.zip'])
      .where('c.supports_temp_card', '=', true)
      .where('e.zip', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('c.expiration_date', 'is', null),
          eb('c.expiration_date', '>=', sql<string>`current_date`),
        ]),
      )
      .orderBy('e.employee_no')
      .executeTakeFirstOrThrow();
    const sent = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `/portal/v1/organizations/${employee.organization_no}/employees/${employee.employee_no}/emailTempCard`,
      payload: { withVerification: true, recipientEmail: 'log.pharmacist@drugstore.example' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = tokenIn(
      await latestMailTo('log.pharmacist@drugstore.example'),
      /\/id-card\/([A-Za-z0-9_-]+)/,
    );
    // The e-mailed link opens the web app's page first.
    await t.app.inject({ method: 'GET', url: `/id-card/${token}` });
    const state = await t.app.inject({ method: 'GET', url: `/portal/v1/temp-id-cards/${token}` });
    expect(state.statusCode, state.body).toBe(200);
    const verify = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/portal/v1/temp-id-cards/${token}/verify`,
        payload,
        remoteAddress: '203.0.113.77',
      });
    const answers = {
      lastName: employee.last_name,
      dateOfBirth: employee.birthdate,
      zip: employee.zip!.slice(0, 5),
    };
    expect((await verify({ ...answers, zip: '00000' })).statusCode).toBe(400);
    expect((await verify(answers)).statusCode).toBe(200);
    expect((await verify(answers)).statusCode).toBe(410);

    expect(logText()).not.toContain(token);
    expectLoggedMasked('/id-card/[redacted]');
    expectLoggedMasked('/portal/v1/temp-id-cards/[redacted]');
    expectLoggedMasked('/portal/v1/temp-id-cards/[redacted]/verify');
  });
});

describe('a database error in the log', () => {
  /** Values of a member no log line may show; the insert carries every one of them. */
  const member = {
    firstName: 'Zebulonia',
    lastName: 'Quarterfield',
    birthdate: '1971-03-29',
    gender: 'F',
    ssn: '219087654',
    effectiveDate: '2024-02-01',
    address1: '4417 Provoke Error Lane',
    city: 'Marrowvale',
    state: 'OH',
    zip: '45409',
    email: 'zebulonia.q@members.example',
  };
  const phi = [
    member.firstName,
    member.lastName,
    member.birthdate,
    member.ssn,
    member.address1,
    member.city,
    member.email,
  ];

  async function target() {
    const organization = await t.ctx.db
      .selectFrom('organization as o')
      .innerJoin('benefit_group as g', 'g.organization_no', 'o.organization_no')
      .select(['o.organization_no', 'g.benefit_group_no'])
      .where('o.supports_divisions', '=', false)
      .where('o.require_address', '=', false)
      .orderBy('o.organization_no', 'desc')
      .executeTakeFirstOrThrow();
    return organization;
  }

  function expectNoValues(lines: string) {
    for (const value of phi) expect(lines).not.toContain(value);
    const ssn = createSsnProtector(t.ctx.secrets.ssnKey);
    const hash = ssn.searchHash(member.ssn);
    expect(lines).not.toContain(hash.toString('hex'));
    expect(lines).not.toContain(hash.toString('base64'));
    expect(lines).not.toContain([...hash].join(','));
    expect(lines).not.toContain('"params"');
    expect(lines).not.toContain('"detail"');
    expect(lines).not.toContain('"query"');
    expect(lines).not.toContain('Buffer');
  }

  it('keeps the code and the statement, and no value of the row (a check violation)', async () => {
    const { organization_no, benefit_group_no } = await target();
    // A rule the service does not know, so the database refuses the row it was sent.
    await sql`alter table employee add constraint log_safety_refuse check (address1 is distinct from ${sql.lit(member.address1)})`.execute(
      t.ctx.db,
    );
    try {
      const before = logLines.length;
      const response = await t.injectAs('accountManager', {
        method: 'POST',
        url: `/portal/v1/organizations/${organization_no}/employees`,
        payload: { ...member, benefitGroupId: benefit_group_no },
      });
      expect(response.statusCode).toBe(500);
      const lines = logLines.slice(before).join('\n');
      const errorLine = logLines
        .slice(before)
        .map(
          (line) =>
            JSON.parse(line) as {
              msg: string;
              err?: { code?: string; constraint?: string; statement?: Record<string, string> };
            },
        )
        .find((line) => line.msg === 'unhandled error');
      expect(errorLine?.err?.code).toBe('23514');
      expect(errorLine?.err?.constraint).toBe('log_safety_refuse');
      expect(errorLine?.err?.statement).toMatchObject({ kind: 'insert', table: 'employee' });
      expect(errorLine?.err?.statement?.name).toMatch(/^k[\w-]{22}$/);
      expectNoValues(lines);
    } finally {
      await sql`alter table employee drop constraint log_safety_refuse`.execute(t.ctx.db);
    }
  });

  it('keeps the code and no key value (a unique violation)', async () => {
    const { organization_no, benefit_group_no } = await target();
    await sql`create unique index log_safety_unique on employee (last_name) where last_name = ${sql.lit(member.lastName)}`.execute(
      t.ctx.db,
    );
    try {
      const create = (ssn: string) =>
        t.injectAs('accountManager', {
          method: 'POST',
          url: `/portal/v1/organizations/${organization_no}/employees`,
          payload: { ...member, ssn, address1: '9 Other Road', benefitGroupId: benefit_group_no },
        });
      expect((await create('219087655')).statusCode).toBe(201);
      const before = logLines.length;
      expect((await create(member.ssn)).statusCode).toBe(500);
      const lines = logLines.slice(before).join('\n');
      expect(lines).toContain('"code":"23505"');
      expect(lines).toContain('log_safety_unique');
      expectNoValues(lines);
    } finally {
      await sql`drop index log_safety_unique`.execute(t.ctx.db);
    }
  });

  it('leaves the database layer without its parameters, whoever logs it', async () => {
    const error = await t.ctx.db
      .insertInto('audit_log')
      .values({ action: 'log.test', entity: 'employee', entity_id: `${member.lastName}\u0000` })
      .execute()
      .then(
        () => undefined,
        (caught: unknown) => caught as Record<string, unknown>,
      );
    expect(error).toBeDefined();
    expect(error).toMatchObject({
      code: '22021',
      statement: { kind: 'insert', table: 'audit_log' },
    });
    // Not only the log's serializer: the error object itself no longer holds the values.
    const everything = JSON.stringify(error, Object.getOwnPropertyNames(error));
    expect(everything).not.toContain(member.lastName);
    expect(String((error as { stack?: string }).stack)).not.toContain(member.lastName);
  });
});
