import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  COVERAGE_MESSAGES,
  TEMP_CARD_IP_MAX_FAILURES,
  TEMP_CARD_LINK_SENT,
  TEMP_CARD_MESSAGES,
  splitCoverages,
  type Coverage,
  type CoverageList,
  type TempCardLinkState,
  type TempIdCard,
} from '@pillar/domain';
import { readPdfText } from '../../platform/pdf/pdf-text.ts';
import { persona, type PersonaKey } from '../../seed/personas.ts';
import { given, type EmployeeHandle } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cedar: number;
let northfield: number;

interface EmployeeRow {
  employee_no: number;
  organization_no: number;
  benefit_group_no: number;
  last_name: string;
  birthdate: string;
  zip: string | null;
}

beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
  const orgs = await t.ctx.db
    .selectFrom('organization')
    .select('organization_no')
    .orderBy('organization_no')
    .execute();
  cedar = orgs[0]!.organization_no;
  northfield = orgs[2]!.organization_no;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const base = (org: number, employee: number) =>
  `/portal/v1/organizations/${org}/employees/${employee}`;

/** Employees of an organization whose current coverage offers what is asked, unused by other tests. */
const taken = new Set<number>();
async function employeeWith(
  org: number,
  options: { tempCard?: boolean; newCard?: boolean; zip?: boolean; groupsOf?: PersonaKey } = {},
): Promise<EmployeeRow> {
  let query = t.ctx.db
    .selectFrom('employee as e')
    .innerJoin('coverage as c', 'c.employee_no', 'e.employee_no')
    .select([
      'e.employee_no',
      'e.organization_no',
      'e.benefit_group_no',
      'e.last_name',
      'e.birthdate',
      'e.zip',
    ])
    .distinct()
    .where('e.organization_no', '=', org)
    .where((eb) =>
      eb.or([
        eb('c.expiration_date', 'is', null),
        eb('c.expiration_date', '>=', sql<string>`current_date`),
      ]),
    )
    // A member terminated in the past has no current coverage (decision 0074).
    .where((eb) =>
      eb.or([
        eb('e.process_status', '<>', 9),
        eb('e.expiration_date', '>=', sql<string>`current_date`),
      ]),
    );
  if (options.tempCard !== undefined)
    query = query.where('c.supports_temp_card', '=', options.tempCard);
  if (options.newCard !== undefined)
    query = query.where('c.supports_new_card_request', '=', options.newCard);
  if (options.zip) query = query.where('e.zip', 'is not', null);
  if (options.groupsOf) {
    const userNo = await t.userNo(options.groupsOf);
    query = query.where('e.benefit_group_no', 'in', (eb) =>
      eb.selectFrom('user_benefit_group').select('benefit_group_no').where('user_no', '=', userNo),
    );
  }
  const rows = await query.orderBy('e.employee_no').execute();
  const row = rows.find((r) => !taken.has(r.employee_no));
  if (!row) throw new Error(`no employee in ${org} with ${JSON.stringify(options)}`);
  taken.add(row.employee_no);
  return row;
}

/** A built member as the rows above. */
function rowOf(employee: EmployeeHandle): EmployeeRow {
  return {
    employee_no: employee.employeeNo,
    organization_no: employee.organizationNo,
    benefit_group_no: employee.benefitGroupNo,
    last_name: employee.detail.lastName,
    birthdate: employee.detail.birthdate,
    zip: employee.detail.zip,
  };
}

async function coveragesOf(as: PersonaKey, e: EmployeeRow): Promise<Coverage[]> {
  const response = await t.injectAs(as, {
    method: 'GET',
    url: `${base(e.organization_no, e.employee_no)}/coverages`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CoverageList>().data;
}

async function sendLink(e: EmployeeRow, coverageNo?: number, as: PersonaKey = 'superAdmin') {
  return t.injectAs(as, {
    method: 'POST',
    url: `${base(e.organization_no, e.employee_no)}/emailTempCard`,
    payload: { withVerification: true, recipientEmail: 'pharmacist@drugstore.example', coverageNo },
  });
}

/** The token of the newest e-mail to an address in the built-in outbox. */
async function tokenFromOutbox(address: string): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'bcc_addresses'])
    .where(sql<boolean>`${address} = any(to_addresses)`)
    .orderBy('mail_id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /http:\/\/localhost:8080\/id-card\/([A-Za-z0-9_-]+)/.exec(mail.text_body);
  expect(match).not.toBeNull();
  return match![1]!;
}

function answersOf(e: EmployeeRow) {
  return { lastName: e.last_name.toUpperCase(), dateOfBirth: e.birthdate, zip: e.zip!.slice(0, 5) };
}

async function verify(token: string, payload: unknown, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: `/portal/v1/temp-id-cards/${token}/verify`,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
  });
}

async function stateOf(token: string): Promise<TempCardLinkState> {
  const response = await t.app.inject({ method: 'GET', url: `/portal/v1/temp-id-cards/${token}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TempCardLinkState>();
}

describe('GET coverages', () => {
  it('lists every coverage with the spec fields, and the seed has prior and duplicate ones', async () => {
    const e = await employeeWith(cedar);
    const list = await coveragesOf('accountManager', e);
    expect(list.length).toBeGreaterThan(0);
    const first = list[0]!;
    expect(first.coveragePeriod).toMatch(
      /^From \d{2}\/\d{2}\/\d{4} to (\d{2}\/\d{2}\/\d{4}|N\/A)$/,
    );
    expect(['Yes', 'No']).toContain(first.hdhp);
    expect(first.groupIdAndName).toBe(`${first.groupId} - ${first.name}`);
    expect(first).not.toHaveProperty('rx_bin');

    const counts = await t.ctx.db
      .selectFrom('coverage')
      .select([
        sql<number>`count(*) filter (where expiration_date < current_date)::int`.as('prior'),
        sql<number>`count(*) filter (where not supports_temp_card)::int`.as('noTemp'),
        sql<number>`count(*) filter (where not supports_new_card_request)::int`.as('noNew'),
        sql<number>`count(distinct employee_no)::int`.as('employees'),
      ])
      .executeTakeFirstOrThrow();
    expect(counts.prior).toBeGreaterThan(0);
    expect(counts.noTemp).toBeGreaterThan(0);
    expect(counts.noNew).toBeGreaterThan(0);
    const employees = await t.ctx.db
      .selectFrom('employee')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(counts.employees).toBe(employees.n);
    const duplicates = await sql<{ n: number }>`
      select count(*)::int as n from (select employee_no, name from coverage
        where expiration_date is null group by employee_no, name having count(*) > 1) d`.execute(
      t.ctx.db,
    );
    expect(duplicates.rows[0]!.n).toBeGreaterThan(0);
  });

  it('splits same-name duplicates into prior', async () => {
    const { rows } = await sql<{ employee_no: number; organization_no: number }>`
      select c.employee_no, c.organization_no from coverage c where c.expiration_date is null
       group by c.employee_no, c.organization_no, c.name having count(*) > 1 limit 1`.execute(
      t.ctx.db,
    );
    const e = rows[0]!;
    const list = await coveragesOf('superAdmin', e as unknown as EmployeeRow);
    const { active, prior } = splitCoverages(list, new Date().toISOString().slice(0, 10));
    const names = active.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(prior.some((c) => c.expirationDate === null)).toBe(true);
  });

  it('refuses without permission, outside scope and for unknown members', async () => {
    const e = await employeeWith(cedar);
    const url = `${base(cedar, e.employee_no)}/coverages`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.injectAs('clinician', { method: 'GET', url })).statusCode).toBe(403);
    const outside = await employeeWith(northfield);
    expect(
      (
        await t.injectAs('broker', {
          method: 'GET',
          url: `${base(northfield, outside.employee_no)}/coverages`,
        })
      ).statusCode,
    ).toBe(404);
    // The member exists, but under another organization in the URL.
    expect(
      (
        await t.injectAs('superAdmin', {
          method: 'GET',
          url: `${base(northfield, e.employee_no)}/coverages`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs('superAdmin', { method: 'GET', url: `${base(cedar, 99999999)}/coverages` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs('superAdmin', { method: 'GET', url: `${base(cedar, 0)}/coverages` }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps a group-restricted client to their groups', async () => {
    const clientNo = await t.userNo('client');
    const groups = await t.ctx.db
      .selectFrom('user_benefit_group')
      .select('benefit_group_no')
      .where('user_no', '=', clientNo)
      .execute();
    const other = await t.ctx.db
      .selectFrom('employee')
      .select(['employee_no'])
      .where('organization_no', '=', cedar)
      .where(
        'benefit_group_no',
        'not in',
        groups.map((g) => g.benefit_group_no),
      )
      .executeTakeFirstOrThrow();
    const response = await t.injectAs('client', {
      method: 'GET',
      url: `${base(cedar, other.employee_no)}/coverages`,
    });
    expect(response.statusCode).toBe(404);
    const own = await employeeWith(cedar, { groupsOf: 'client' });
    await coveragesOf('client', own);
  });
});

describe('coverage follows eligibility (decision 0074)', () => {
  it('ends a terminated member’s coverage on the termination date, and refuses a new card for it', async () => {
    const { employee } = await given(t)
      .organization()
      .group()
      .employee({ effectiveDate: '2019-01-01' })
      .coverage({ supportsNewCardRequest: true })
      .build();
    const e = rowOf(employee);
    const open = (await coveragesOf('superAdmin', e)).find(
      (c) => c.expirationDate === null && c.supportsNewCardRequest && !c.newCard,
    )!;
    expect(open).toBeDefined();
    const terminated = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `${employee.url}/termination`,
      payload: { terminationDate: '2019-06-30' },
    });
    expect(terminated.statusCode, terminated.body).toBe(200);
    const ended = (await coveragesOf('superAdmin', e)).find(
      (c) => c.coverageNo === open.coverageNo,
    )!;
    expect(ended.expirationDate).toBe('2019-06-30');
    expect(ended.coveragePeriod).toMatch(/ to 06\/30\/2019$/);
    expect(splitCoverages([ended], '2026-01-01').prior).toEqual([ended]);
    const card = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `${base(e.organization_no, e.employee_no)}/coverages/${open.coverageNo}/new-card`,
    });
    expect(card.statusCode).toBe(409);
    expect(card.json<{ detail: string }>().detail).toBe(COVERAGE_MESSAGES.newCardCoverageEnded);
    // No current coverage is left for a temp card either.
    const temp = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${base(e.organization_no, e.employee_no)}/tempIDCard`,
    });
    expect(temp.statusCode).toBe(404);
  });

  it('shows the open coverage in the member’s current group after a group change', async () => {
    const { employee, groups } = await given(t)
      .organization()
      .group()
      .employee()
      .coverage()
      .group()
      .build();
    const e = rowOf(employee);
    const other = { benefit_group_id: groups[1]!.benefitGroupId };
    const changed = await t.injectAs('accountManager', {
      method: 'PATCH',
      url: `${employee.url}/group`,
      payload: { benefitGroupId: groups[1]!.benefitGroupNo, changeDate: '2024-05-01' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const coverages = await coveragesOf('superAdmin', e);
    const open = coverages.filter((c) => c.expirationDate === null);
    expect(open.length).toBeGreaterThan(0);
    for (const c of open) {
      expect(c.groupId).toBe(other.benefit_group_id);
      expect(c.groupIdAndName).toBe(`${other.benefit_group_id} - ${c.name}`);
    }
  });
});

describe('GET tempIDCard', () => {
  it('answers the card of a coverage, and the default current one', async () => {
    const e = await employeeWith(cedar, { tempCard: true });
    const coverage = (await coveragesOf('superAdmin', e)).find(
      (c) => c.supportsTempCard && (c.expirationDate === null || c.expirationDate >= '2026-01-01'),
    )!;
    const response = await t.injectAs('clientNoSsn', {
      method: 'GET',
      url: `${base(cedar, e.employee_no)}/tempIDCard?coverageNo=${coverage.coverageNo}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<TempIdCard>();
    expect(card.rxBin).toMatch(/^\d{6}$/);
    expect(card.name).toContain(e.last_name);
    expect(card.idNumber).toBe(
      coverage.alternateID ??
        (
          await t.ctx.db
            .selectFrom('employee')
            .select('generated_id')
            .where('employee_no', '=', e.employee_no)
            .executeTakeFirstOrThrow()
        ).generated_id,
    );
    const byDefault = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${base(cedar, e.employee_no)}/tempIDCard`,
    });
    expect(byDefault.statusCode).toBe(200);
  });

  it('refuses a coverage without temp cards, an ended one and another member’s', async () => {
    const none = await t.ctx.db
      .selectFrom('coverage')
      .select(['coverage_no', 'employee_no', 'organization_no'])
      .where('supports_temp_card', '=', false)
      .orderBy('coverage_no')
      .executeTakeFirstOrThrow();
    const refused = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${base(none.organization_no, none.employee_no)}/tempIDCard?coverageNo=${none.coverage_no}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.noTempCard);

    const ended = await t.ctx.db
      .selectFrom('coverage')
      .select(['coverage_no', 'employee_no', 'organization_no'])
      .where('expiration_date', '<', sql<string>`current_date`)
      .where('supports_temp_card', '=', true)
      .executeTakeFirstOrThrow();
    const endedResponse = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${base(ended.organization_no, ended.employee_no)}/tempIDCard?coverageNo=${ended.coverage_no}`,
    });
    expect(endedResponse.statusCode).toBe(400);

    const other = await employeeWith(none.organization_no === cedar ? northfield : cedar);
    const foreign = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${base(other.organization_no, other.employee_no)}/tempIDCard?coverageNo=${none.coverage_no}`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST new-card', () => {
  it('records who asked and when, once', async () => {
    const e = await employeeWith(cedar, { newCard: true });
    const coverage = (await coveragesOf('superAdmin', e)).find(
      (c) => c.supportsNewCardRequest && !c.newCard,
    )!;
    const url = `${base(cedar, e.employee_no)}/coverages/${coverage.coverageNo}/new-card`;
    expect((await t.injectAs('clientNoSsn', { method: 'POST', url })).statusCode).toBe(403);
    const response = await t.injectAs('broker', { method: 'POST', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ coverageNo: coverage.coverageNo, newCard: true });
    const row = await t.ctx.db
      .selectFrom('coverage_new_card_request')
      .selectAll()
      .where('coverage_no', '=', coverage.coverageNo)
      .executeTakeFirstOrThrow();
    expect(row.requested_by).toBe(await t.userNo('broker'));
    const again = await t.injectAs('superAdmin', { method: 'POST', url });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.alreadyRequested);
    const listed = (await coveragesOf('superAdmin', e)).find(
      (c) => c.coverageNo === coverage.coverageNo,
    )!;
    expect(listed.newCard).toBe(true);
    expect(listed.newCardRequestedAt).not.toBeNull();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'coverage')
      .where('entity_id', '=', String(coverage.coverageNo))
      .execute();
    expect(audit.map((a) => a.action)).toContain('coverage.new_card_requested');
  });

  it('refuses a coverage without new card requests and unknown coverages', async () => {
    const c = await t.ctx.db
      .selectFrom('coverage')
      .select(['coverage_no', 'employee_no', 'organization_no'])
      .where('supports_new_card_request', '=', false)
      .orderBy('coverage_no')
      .executeTakeFirstOrThrow();
    const response = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `${base(c.organization_no, c.employee_no)}/coverages/${c.coverage_no}/new-card`,
    });
    expect(response.statusCode).toBe(400);
    const unknown = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `${base(c.organization_no, c.employee_no)}/coverages/99999999/new-card`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST emailTempCard: download', () => {
  it('answers a wallet-size PDF with the card data, for a view-only user', async () => {
    const e = await employeeWith(cedar, { tempCard: true });
    const card = (
      await t.injectAs('superAdmin', {
        method: 'GET',
        url: `${base(cedar, e.employee_no)}/tempIDCard`,
      })
    ).json<TempIdCard>();
    const response = await t.injectAs('clientNoSsn', {
      method: 'POST',
      url: `${base(cedar, e.employee_no)}/emailTempCard`,
      payload: { withVerification: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename="temp-id-card-${card.idNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdfText(response.rawPayload);
    expect(pdf.title).toBe('Temporary ID Card');
    const text = pdf.pages.join('\n');
    for (const value of [
      card.name,
      card.idNumber,
      card.rxBin,
      card.rxPcn,
      card.rxGrp,
      card.customerServicePhone,
      card.helpDeskPhone,
    ])
      expect(text).toContain(value);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('actor_user_no')
      .where('action', '=', 'temp_card.downloaded')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_no).toBe(await t.userNo('clientNoSsn'));
  });

  it('refuses outside scope and without permission', async () => {
    const e = await employeeWith(northfield, { tempCard: true });
    const url = `${base(northfield, e.employee_no)}/emailTempCard`;
    const payload = { withVerification: false };
    expect((await t.injectAs('broker', { method: 'POST', url, payload })).statusCode).toBe(404);
    expect((await t.injectAs('clinician', { method: 'POST', url, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
  });
});

describe('POST emailTempCard: e-mailed link', () => {
  it('validates the recipient and the blind copy', async () => {
    const e = await employeeWith(cedar, { tempCard: true });
    const url = `${base(cedar, e.employee_no)}/emailTempCard`;
    const missing = await t.injectAs('superAdmin', {
      method: 'POST',
      url,
      payload: { withVerification: true, bccEmail: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Email is required');
    const invalid = await t.injectAs('superAdmin', {
      method: 'POST',
      url,
      payload: { withVerification: true, recipientEmail: 'not-an-address' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain('Invalid email address');
    const someoneElse = await t.injectAs('superAdmin', {
      method: 'POST',
      url,
      payload: {
        withVerification: true,
        recipientEmail: 'pat@drugstore.example',
        bccEmail: ['someone@else.example'],
      },
    });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.bccOwnOnly);
  });

  it('needs the member edit permission', async () => {
    const e = await employeeWith(cedar, { tempCard: true });
    const response = await t.injectAs('clientNoSsn', {
      method: 'POST',
      url: `${base(cedar, e.employee_no)}/emailTempCard`,
      payload: { withVerification: true, recipientEmail: 'pat@drugstore.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('queues an e-mail with a link and a blind copy to the user, and stores only the token hash', async () => {
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    const me = persona('accountManager').username;
    const response = await t.injectAs('accountManager', {
      method: 'POST',
      url: `${base(cedar, e.employee_no)}/emailTempCard`,
      payload: {
        withVerification: true,
        recipientEmail: 'bcc.check@drugstore.example',
        bccEmail: [me],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ message: string; expiresAt: string }>();
    expect(answer.message).toBe(TEMP_CARD_LINK_SENT);
    const hours = (Date.parse(answer.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('mail_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_addresses).toEqual(['bcc.check@drugstore.example']);
    expect(mail.bcc_addresses).toEqual([me]);
    // The message names no member.
    expect(mail.text_body).not.toContain(e.last_name);
    const token = await tokenFromOutbox('bcc.check@drugstore.example');
    const stored = await t.ctx.db
      .selectFrom('temp_card_link')
      .selectAll()
      .orderBy('link_no', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.created_by).toBe(await t.userNo('accountManager'));
    expect(stored.recipient_email).toBe('bcc.check@drugstore.example');
  });
});

describe('the public temp card link', () => {
  it('tells the state without member data, verifies the cardholder and answers the PDF once', async () => {
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    expect((await sendLink(e)).statusCode).toBe(200);
    const token = await tokenFromOutbox('pharmacist@drugstore.example');
    const state = await stateOf(token);
    expect(state).toMatchObject({ state: 'valid', attemptsLeft: 5, message: null });
    expect(JSON.stringify(state)).not.toContain(e.last_name);

    const response = await verify(token, answersOf(e));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const card = (
      await t.injectAs('superAdmin', {
        method: 'GET',
        url: `${base(cedar, e.employee_no)}/tempIDCard`,
      })
    ).json<TempIdCard>();
    expect((await readPdfText(response.rawPayload)).pages.join('\n')).toContain(card.idNumber);

    expect((await stateOf(token)).state).toBe('used');
    const again = await verify(token, answersOf(e));
    expect(again.statusCode).toBe(410);
    expect(again.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.used);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'temp_card_link')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['temp_card.link_sent', 'temp_card.link_used']),
    );
  });

  it('accepts a ZIP+4 and any case of the last name', async () => {
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    await sendLink(e);
    const token = await tokenFromOutbox('pharmacist@drugstore.example');
    const response = await verify(token, {
      lastName: ` ${e.last_name.toLowerCase()} `,
      dateOfBirth: e.birthdate,
      zip: `${e.zip!.slice(0, 5)}-0000`,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses wrong answers without saying which, and locks the link at the fifth', async () => {
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    await sendLink(e);
    const token = await tokenFromOutbox('pharmacist@drugstore.example');
    const right = answersOf(e);
    const wrongs = [
      { ...right, lastName: 'Zzyzx' },
      { ...right, dateOfBirth: '1901-01-01' },
      { ...right, zip: right.zip === '00000' ? '11111' : '00000' },
      { ...right, lastName: 'Wrong' },
    ];
    for (const [i, wrong] of wrongs.entries()) {
      const response = await verify(token, wrong, '198.51.100.1');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBe(
        TEMP_CARD_MESSAGES.wrongAnswers(4 - i),
      );
    }
    expect((await stateOf(token)).attemptsLeft).toBe(1);
    const fifth = await verify(token, wrongs[0], '198.51.100.1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.locked);
    // Locked for good: the right answers no longer help.
    const after = await verify(token, right, '198.51.100.1');
    expect(after.statusCode).toBe(423);
    expect(await stateOf(token)).toMatchObject({ state: 'locked', attemptsLeft: 0 });
  });

  it('validates the answers', async () => {
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    await sendLink(e);
    const token = await tokenFromOutbox('pharmacist@drugstore.example');
    const response = await verify(token, { lastName: '', dateOfBirth: '13/45/2000', zip: '12' });
    expect(response.statusCode).toBe(400);
    const params = response.json<{ params: Record<string, string> }>().params;
    expect(Object.keys(params).sort()).toEqual(['dateOfBirth', 'lastName', 'zip']);
    expect((await stateOf(token)).attemptsLeft).toBe(5);
  });

  it('says so when the link has expired', async () => {
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    await sendLink(e);
    const token = await tokenFromOutbox('pharmacist@drugstore.example');
    await t.ctx.db
      .updateTable('temp_card_link')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('link_no', '=', (eb) =>
        eb.selectFrom('temp_card_link').select(eb.fn.max('link_no').as('m')),
      )
      .execute();
    expect(await stateOf(token)).toMatchObject({
      state: 'expired',
      message: TEMP_CARD_MESSAGES.expired,
    });
    const response = await verify(token, answersOf(e));
    expect(response.statusCode).toBe(410);
    expect(response.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.expired);
  });

  it('answers 404 for an unknown link', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/portal/v1/temp-id-cards/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.notFound);
    const post = await verify('nope', { lastName: 'A', dateOfBirth: '2000-01-01', zip: '12345' });
    expect(post.statusCode).toBe(404);
  });

  it('throttles an address after too many wrong answers across links', async () => {
    const ip = '192.0.2.99';
    await t.ctx.db
      .insertInto('temp_card_verify_failure')
      .values(
        Array.from({ length: TEMP_CARD_IP_MAX_FAILURES }, () => ({ client_ip: ip, link_no: null })),
      )
      .execute();
    const e = await employeeWith(cedar, { tempCard: true, zip: true });
    await sendLink(e);
    const token = await tokenFromOutbox('pharmacist@drugstore.example');
    const refused = await verify(token, answersOf(e), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(TEMP_CARD_MESSAGES.throttled);
    // Another address is not affected, and the link still works.
    expect((await verify(token, answersOf(e), '192.0.2.100')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every coverage and temp card route', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode, json.body.slice(0, 500)).toBe(200);
    const paths = Object.keys(json.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/portal/v1/organizations/{orgId}/employees/{employeeId}/coverages',
        '/portal/v1/organizations/{orgId}/employees/{employeeId}/tempIDCard',
        '/portal/v1/organizations/{orgId}/employees/{employeeId}/coverages/{coverageId}/new-card',
        '/portal/v1/organizations/{orgId}/employees/{employeeId}/emailTempCard',
        '/portal/v1/temp-id-cards/{token}',
        '/portal/v1/temp-id-cards/{token}/verify',
      ]),
    );
  });
});
