import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blankRenewalEntry,
  diffEligibility,
  findRole,
  type AdvancedOptions,
  type DependentDetail,
  type EmployeeDetail,
  type FileUploadResult,
  type IssueDetail,
  type IssueTypeList,
  type UserDetail,
} from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import { syncRoles } from '../authorization/index.ts';
import { runMappingJob } from '../data-mapping/index.ts';
import { runFaJob } from '../pricing/index.ts';
import {
  activeRunId,
  countStaged,
  insertChanges,
  insertRejected,
  insertRun,
  markApplied,
  nextUnapplied,
  runApplyJob,
  runPreviewJob,
  saveSelection,
  setRunStatus,
  stageRows,
} from '../eligibility-imports/index.ts';
import {
  drugClassNames,
  loadFdaDirectory,
  loadMediSpanFile,
  vacuumDrugReference,
} from '../drug-reference/index.ts';
import { DATANET_IMPORTABLE, MEMBER_PORTAL_DEMO } from '../../seed/users-demo.ts';
import { insertCrmOpportunities, setCrmStage } from '../../integrations/crm/crm.repo.ts';
import { createOidcAdapter } from '../../platform/auth/oidc-adapter.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { lockoutNotice } from '../../platform/auth/oidc/lockout-mail.ts';
import { signIn } from '../../platform/auth/oidc/sign-in.ts';
import { sessionIsLive } from '../../platform/auth/sessions.ts';
import {
  given,
  uniqueSsn,
  type CoverageHandle,
  type DivisionHandle,
  type EmployeeHandle,
  type GroupHandle,
} from '../../test/given.ts';
import { importRow, newRun } from '../../test/import-runs.ts';
import { stageMappingOutput } from '../../test/mapping-output.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { SqlRecorder } from '../../test/sql-recorder.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * The SQL of every repository, written to checked-in files next to it (`modules/<area>/__sql__/
 * <file>.sql`, `platform/<dir>/__sql__/<file>.sql`) so a query change shows in review and a plan
 * can be read without running it. One fixed scenario per area goes through the API (the member
 * record's lifecycle, dependents, searches, coverages and ID cards, the organization workspace,
 * users with roles, flags, profile, outbox, unlock and DataNet import, files), and the sign-in
 * side of the platform is called directly (sign-in, throttle, lockout e-mail, password link,
 * sessions, the OIDC adapter); a Kysely plugin records each distinct statement under the server
 * file that built it. The same scenario gives the same SQL on PGlite and PostgreSQL (one
 * compiler; values are parameters; the demo seed and the builders are deterministic). It also
 * proves that no module, integration or platform code sends SQL from outside a `*.repo.ts`
 * (issue 11: SQL only in repositories; `platform/http/paging.ts` only finishes a caller's query,
 * so its statements count as the caller's). After a deliberate query change: `npx vitest run
 * --project server -u apps/server/src/modules/system/repository-sql.test.ts`, and review the diff.
 */

const recorder = new SqlRecorder();
let t: TestApp;

/** The seed's first organization (Cedar), which has invoices, locations and fees. */
let cedar: { organizationNo: number; groupNo: number; invoiceNo: number; locationNo: number };
/** An organization with divisions, alternate dependent groups and a benefit package. */
let divisions: {
  organizationNo: number;
  groups: GroupHandle[];
  division: DivisionHandle;
  benefitPackageNo: number;
  employee: EmployeeHandle;
  coverage: CoverageHandle;
};

async function call(
  as: PersonaKey,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  multipart?: ReturnType<typeof multipartBody>,
) {
  const response = await t.injectAs(as, {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    ...multipart,
  });
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 500)}`).toBeLessThan(300);
  return response;
}

/** The token of the newest e-mail to an address, from a link `…/<prefix>/<token>` in its text. */
async function tokenMailedTo(address: string, prefix: RegExp): Promise<string> {
  const mails = await t.ctx.db
    .selectFrom('mail_outbox')
    .select(['mail_id', 'to_addresses', 'text_body'])
    .orderBy('mail_id', 'desc')
    .execute();
  const mail = mails.find((m) => m.to_addresses.includes(address));
  const match = mail && new RegExp(`${prefix.source}([A-Za-z0-9_-]+)`).exec(mail.text_body);
  if (!match) throw new Error(`no link mailed to ${address}`);
  return match[1]!;
}

/**
 * Runs a scenario with the recorder on, until the mail it queued is delivered: the worker's
 * statements fall inside the same window on every run.
 */
async function record(scenario: () => Promise<void>): Promise<void> {
  await recorder.record(async () => {
    await scenario();
    for (let tries = 0; ; tries += 1) {
      const queued = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('mail_id')
        .where('status', '=', 'queued')
        .execute();
      if (queued.length === 0) return;
      if (tries > 200) throw new Error('mail not delivered within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

beforeAll(async () => {
  // Without COPY: PostgreSQL then sends the same statements as PGlite, so one snapshot holds for
  // both (the COPY statements are tested by copy-in.test.ts and the import tests on PostgreSQL).
  t = await createTestApp({ plugins: [recorder], startJobs: true, copy: false });
  const db = t.ctx.db;
  const organization = await db
    .selectFrom('organization')
    .select('organization_no')
    .orderBy('organization_no')
    .executeTakeFirstOrThrow();
  const group = await db
    .selectFrom('benefit_group')
    .select('benefit_group_no')
    .where('organization_no', '=', organization.organization_no)
    .orderBy('benefit_group_no')
    .executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom('invoice')
    .select('invoice_no')
    .where('organization_no', '=', organization.organization_no)
    .orderBy('invoice_no')
    .executeTakeFirstOrThrow();
  const location = await db
    .selectFrom('location')
    .select('location_no')
    .where('organization_no', '=', organization.organization_no)
    .orderBy('location_no')
    .executeTakeFirstOrThrow();
  cedar = {
    organizationNo: organization.organization_no,
    groupNo: group.benefit_group_no,
    invoiceNo: invoice.invoice_no,
    locationNo: location.location_no,
  };
  const built = await given(t)
    .organization({ supportsDivisions: true, supportsDependentAlternateGroup: true })
    .benefitPackage()
    .group()
    .group()
    .division()
    .employee({ body: { zip: '45402', address1: '1 Elm St', city: 'Dayton', state: 'OH' } })
    .coverage()
    .build();
  divisions = {
    organizationNo: built.organization.organizationNo,
    groups: built.groups,
    division: built.division,
    benefitPackageNo: built.benefitPackage.benefitPackageNo,
    employee: built.employee,
    coverage: built.coverage,
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('repository SQL', () => {
  it('records the member record scenario', async () => {
    const scenario = await given(t).organization().group().group().build();
    const groups = scenario.groups;
    await record(async () => {
      const base = scenario.organization.employeesUrl;
      const created = (
        await call('accountManager', 'POST', base, {
          firstName: 'Ada',
          lastName: 'Quinlan',
          birthdate: '1980-02-03',
          gender: 'F',
          ssn: uniqueSsn(t),
          effectiveDate: '2024-01-01',
          benefitGroupId: groups[0]!.benefitGroupNo,
          clientId: 'SQL-SNAPSHOT-1',
        })
      ).json<EmployeeDetail>();
      const url = `${base}/${created.employeeNo}`;
      await call('accountManager', 'GET', url);
      await call('accountManager', 'PUT', url, {
        firstName: 'Adah',
        lastName: 'Quinlan',
        birthdate: '1980-02-03',
        gender: 'F',
        clientId: 'SQL-SNAPSHOT-2',
      });
      await call('accountManager', 'GET', `${url}/ssn`);
      await call('accountManager', 'PATCH', `${url}/group`, {
        benefitGroupId: groups[1]!.benefitGroupNo,
        changeDate: '2024-03-01',
      });
      await call('accountManager', 'PUT', `${url}/termination`, { terminationDate: '2024-06-30' });
      await call('accountManager', 'PATCH', `${url}/termination`, {
        terminationDate: '2024-05-31',
      });
      await call('accountManager', 'DELETE', `${url}/termination`);
      await call('accountManager', 'PUT', `${url}/termination`, { terminationDate: '2024-06-30' });
      await call('accountManager', 'PATCH', `${url}/reinstatement`, {
        reinstateDate: '2024-08-01',
        benefitGroupId: groups[0]!.benefitGroupNo,
      });
      for (const part of [
        'idHistory',
        'division-history',
        'benefit-package-history',
        'group-assignments',
      ]) {
        await call('accountManager', 'GET', `${url}/${part}`);
      }
      await call(
        'accountManager',
        'GET',
        `/portal/v1/datanet/memberchangehistory?employeeId=${created.employeeNo}`,
      );
      // Who read this member (decision 0097): the super admin's list of the read-access audit.
      await call('superAdmin', 'GET', `${url}/read-audit?limit=5`);
      // Divisions and benefit packages, where the organization supports them.
      const member = divisions.employee.url;
      await call('accountManager', 'POST', `${member}/divisions`, {
        divisionEffectiveDate: '2024-02-01',
        divisionId: 'SQL-1',
        divisionName: 'Snapshot',
      });
      await call('accountManager', 'PATCH', `${member}/benefit-package`, {
        benefitPackageId: divisions.benefitPackageNo,
        changeDate: '2024-03-01',
      });
    });
  });

  it('records the dependent record scenario', async () => {
    await record(async () => {
      const base = `${divisions.employee.url}/dependents`;
      const created = (
        await call('accountManager', 'POST', base, {
          firstName: 'Bea',
          lastName: 'Quinlan',
          birthdate: '2012-05-06',
          gender: 'F',
          relationship: 3,
          effectiveDate: divisions.employee.detail.effectiveDate,
        })
      ).json<DependentDetail>();
      const url = `${base}/${created.dependentNo}`;
      await call('accountManager', 'GET', url);
      await call('accountManager', 'PUT', url, {
        firstName: 'Beatrix',
        lastName: 'Quinlan',
        birthdate: '2012-05-06',
        gender: 'F',
        relationship: 3,
      });
      await call('accountManager', 'PUT', `${url}/ssn`, { ssn: '345-67-8901' });
      await call('accountManager', 'GET', `${url}/ssn`);
      await call('accountManager', 'GET', `${url}/alternate-group-options`);
      await call('accountManager', 'PATCH', `${url}/alternate-group`, {
        benefitGroupID: divisions.groups[0]!.benefitGroupNo,
        changeDate: '2024-02-01',
      });
      await call('accountManager', 'PUT', `${url}/termination`, { terminationDate: '2024-06-30' });
      await call('accountManager', 'DELETE', `${url}/termination`);
      await call('accountManager', 'PUT', `${url}/termination`, { terminationDate: '2024-06-30' });
      await call('accountManager', 'PATCH', `${url}/reinstatement`, {
        reinstateDate: '2024-08-01',
      });
    });
  });

  it('records the member searches', async () => {
    await record(async () => {
      for (const url of [
        '/portal/v1/employees?name=smith&processStatus=active',
        `/portal/v1/employees?ssn=${divisions.employee.ssn}`,
        '/portal/v1/employees?name=a&processStatus=active&limit=5&offset=5',
        '/portal/v1/employees/count',
        '/portal/v1/dependents?name=quinlan&processStatus=active',
        '/portal/v1/dependents?birthDate=2010-01-01&processStatus=active',
        `/portal/v1/organizations/${cedar.organizationNo}/employees`,
        `/portal/v1/organizations/${cedar.organizationNo}/employees?name=a&sort=name:desc`,
        `/portal/v1/organizations/${cedar.organizationNo}/dependents`,
      ]) {
        await call('superAdmin', 'GET', url);
      }
      await call('broker', 'GET', '/portal/v1/employees?name=a&processStatus=active');
      await call('client', 'GET', '/portal/v1/employees?name=a&processStatus=active');
      // The agent's Find Member (decision 0101): employees and dependents in one statement.
      for (const url of [
        '/msr-search/v1/records?lastname=smith&birthdate=1980-01-01',
        '/msr-search/v1/records?lastname=a&firstname=a&limit=5&offset=5',
        `/msr-search/v1/records?memberId=${divisions.employee.detail.generatedId}`,
        `/msr-search/v1/records?organizationNo=${cedar.organizationNo}`,
        '/msr-search/v1/records?birthdate=2010-01-01&confirmOneField=true',
      ]) {
        await call('agent', 'GET', url);
      }
    });
  });

  it('records the coverages and ID card scenario', async () => {
    const member = divisions.employee.url;
    await record(async () => {
      await call('superAdmin', 'GET', `${member}/coverages`);
      await call(
        'superAdmin',
        'GET',
        `${member}/tempIDCard?coverageNo=${divisions.coverage.coverageNo}`,
      );
      await call(
        'superAdmin',
        'POST',
        `${member}/coverages/${divisions.coverage.coverageNo}/new-card`,
      );
      await call('superAdmin', 'POST', `${member}/emailTempCard`, {
        withVerification: true,
        recipientEmail: 'pharmacist@sql-snapshot.example',
        coverageNo: divisions.coverage.coverageNo,
      });
    });
    const token = await tokenMailedTo('pharmacist@sql-snapshot.example', /\/id-card\//);
    await record(async () => {
      const state = await t.app.inject({ method: 'GET', url: `/portal/v1/temp-id-cards/${token}` });
      expect(state.statusCode, state.body).toBe(200);
      const verified = await t.app.inject({
        method: 'POST',
        url: `/portal/v1/temp-id-cards/${token}/verify`,
        payload: {
          lastName: divisions.employee.detail.lastName.toUpperCase(),
          dateOfBirth: divisions.employee.detail.birthdate,
          zip: '45402',
        },
        remoteAddress: '203.0.113.7',
      });
      expect(verified.statusCode, verified.body).toBe(200);
    });
  });

  it('records the drug reference scenario', async () => {
    const search = '/keystonefile/v1/drug-details?sort=ndc:desc';
    await record(async () => {
      // The screen's call (name words, one row per class; one letter), a later page of every
      // package, a class code, an NDC as printed; the clinical module's names of class codes.
      await call('clinician', 'GET', `${search}&q=dulox&distinct=gpi_10&offset=0&limit=10`);
      await call('clinician', 'GET', `${search}&q=a&distinct=gpi_10`);
      await call('clinician', 'GET', `${search}&q=amlo%20besy&offset=10&limit=10`);
      await call('clinician', 'GET', `${search}&q=58&distinct=gpi_10`);
      await call('clinician', 'GET', `${search}&q=0002-32`);
      await drugClassNames(t.ctx.db, ['0702011010', '9999999999']);
      // The loaders, on the module's small test files (test NDCs, labelers 9990-99992).
      const files = path.join(import.meta.dirname, '../drug-reference/test-files');
      await loadFdaDirectory(t.ctx.db, path.join(files, 'fda'));
      await loadMediSpanFile(t.ctx.db, path.join(files, 'medispan-drugs.txt'));
      await vacuumDrugReference(t.ctx.db);
    });
  });

  it('records the claims scenario', async () => {
    const member = divisions.employee.url;
    const { dependent } = await given(t).in(divisions.employee).dependent().build();
    await record(async () => {
      await call('agent', 'GET', `${member}/claims`);
      // A later page runs the count beside the page; a dependent's claims filter on the number.
      await call('agent', 'GET', `${member}/claims?sort=planPaid:desc&limit=20&offset=20`);
      await call(
        'agent',
        'GET',
        `${member}/claims?dependentNo=${dependent.dependentNo}&sort=drugName:asc`,
      );
      await call('agent', 'GET', `${member}/pbm-links`);
    });
  });

  it('records the organization and workspace scenario', async () => {
    const org = `/portal/v1/organizations/${cedar.organizationNo}`;
    await record(async () => {
      await call('superAdmin', 'GET', '/authorization/v1/claims');
      await call('superAdmin', 'POST', '/authorization/v1/session/activity');
      await call('superAdmin', 'GET', '/portal/v1/organizations');
      await call('superAdmin', 'GET', '/portal/v1/organizations?name=cedar&limit=5');
      await call('broker', 'GET', '/portal/v1/organizations');
      await call('superAdmin', 'GET', org);
      for (const part of [
        '/groups',
        `/groups/${cedar.groupNo}`,
        `/groups/${cedar.groupNo}/divisions`,
        '/fees',
        '/incentive-programs',
        '/benefit-packages',
        '/plans/coverages',
        '/invoiceconfigs',
        '/invoices',
        `/invoices/${cedar.invoiceNo}/report?type=Invoice&format=PDF`,
        `/invoices/${cedar.invoiceNo}/report?type=Summary&format=Text`,
        `/invoices/${cedar.invoiceNo}/report?type=Detail&format=Excel`,
        '/locations',
        `/locations/${cedar.locationNo}`,
        '/meddsubsidy',
      ]) {
        await call('superAdmin', 'GET', `${org}${part}`);
      }
      await call('client', 'GET', `${org}/groups`);
      const auth = `/authorization/v1/organizations`;
      await call('accountManager', 'GET', `${auth}?orgNo=${cedar.organizationNo}`);
      await call('accountManager', 'GET', `${auth}?name=cedar`);
      await call('accountManager', 'GET', `${auth}/${cedar.organizationNo}`);
      await call('accountManager', 'GET', `${auth}/${cedar.organizationNo}/benefitgroups`);
      await call('accountManager', 'GET', `${auth}/${cedar.organizationNo}/users`);
    });
  });

  it('records the users scenario', async () => {
    await record(async () => {
      const users = '/authorization/v1/users';
      await call('superAdmin', 'GET', users);
      await call('superAdmin', 'GET', `${users}?name=pike&sort=username:asc&limit=5`);
      await call('accountManager', 'GET', `${users}?active=true`);
      const created = (
        await call('superAdmin', 'POST', users, {
          username: 'nora.pike@sql-snapshot.example',
          firstName: 'Nora',
          lastName: 'Pike',
          phone: '555-201-3344',
          extension: 42,
          type: 'client',
          rxbAdmin: false,
          allOrganizations: false,
          active: true,
          roles: [findRole('clientViewEligibility')!.id],
          organizations: [{ orgId: cedar.organizationNo, all: false, groups: [cedar.groupNo] }],
        })
      ).json<{ user: UserDetail }>().user;
      const url = `${users}/${created.id}`;
      await call('superAdmin', 'GET', url);
      await call('superAdmin', 'PUT', url, {
        firstName: 'Nora',
        lastName: 'Pike-Lowe',
        phone: null,
        extension: null,
        type: 'client',
        rxbAdmin: false,
        allOrganizations: false,
        active: true,
        roles: [findRole('clientViewEligibility')!.id, findRole('clientFiles')!.id],
        organizations: [{ orgId: cedar.organizationNo, all: true, groups: [] }],
      });
      await call('superAdmin', 'GET', `${url}/access`);
      await call('superAdmin', 'GET', `${url}/organizations`);
      await call('superAdmin', 'GET', `${url}/organization/${cedar.organizationNo}/benefitgroups`);
      await call('superAdmin', 'GET', `${url}/history`);
      await call('superAdmin', 'POST', `/authorization/v1/userprofile/${created.id}/legalUser`);
      const [importable] = DATANET_IMPORTABLE;
      const username = encodeURIComponent(importable.username);
      await call('accountManager', 'GET', `${users}/preview-dn-import?username=${username}`);
      await call('accountManager', 'POST', `${users}/import-user?username=${username}&type=client`);
      await call('broker', 'GET', '/authorization/v1/userprofile');
      await call('broker', 'PUT', '/authorization/v1/userprofile', {
        firstName: 'Jonah',
        lastName: 'Whitfield',
        phone: '555-123-4567',
        extension: 12,
      });
      await call('broker', 'POST', '/authorization/v1/userprofile/password-reset');
      await call('superAdmin', 'GET', '/authorization/v1/roles');
      await call('superAdmin', 'GET', '/authorization/v1/base-roles');
      await call(
        'superAdmin',
        'GET',
        `/authorization/v1/base-roles/${findRole('clientFiles')!.id}`,
      );
      await call('superAdmin', 'GET', '/authorization/v1/feature-flags');
      await call('superAdmin', 'PATCH', '/authorization/v1/feature-flags', {
        title: 'Show Roles Page',
        value: true,
      });
      await call(
        'superAdmin',
        'DELETE',
        `/authorization/v1/auth0-management/user-blocks?email=${encodeURIComponent(MEMBER_PORTAL_DEMO.blocked)}`,
      );
      await call('superAdmin', 'GET', '/authorization/v1/mail-outbox');
      await call('superAdmin', 'GET', '/authorization/v1/session-settings');
    });
  });

  it('records the files scenario', async () => {
    const client = await t.userNo('client');
    await record(async () => {
      const upload = multipartBody(
        [
          ['categoryId', 1],
          ['organizationNo', cedar.organizationNo],
          ['phi', false],
          ['recipientId', client],
        ],
        [{ name: 'sql-snapshot.txt', content: 'SQL snapshot.\n' }],
      );
      const created = await call('accountManager', 'POST', '/portal/v1/files', undefined, upload);
      const id = created.json<FileUploadResult>().data[0]!.id;
      const files = '/portal/v1/files';
      await call('accountManager', 'GET', files);
      await call('client', 'GET', `${files}?name=snapshot&sort=name:asc`);
      await call('accountManager', 'GET', `${files}/settings`);
      await call('accountManager', 'GET', `${files}/organizations`);
      await call(
        'accountManager',
        'GET',
        `${files}/recipients?organizationNo=${cedar.organizationNo}`,
      );
      await call('accountManager', 'GET', `${files}/${id}`);
      await call('accountManager', 'PUT', `${files}/${id}`, {
        categoryId: 5,
        phi: true,
        recipientIds: [client],
      });
      await call('client', 'GET', `${files}/${id}/download`);
      await call('accountManager', 'GET', `${files}/${id}/downloads`);
      await call('accountManager', 'DELETE', `${files}/${id}`);
    });
  });

  it('records the sign-in side of the platform', async () => {
    const username = 'nora.pike@sql-snapshot.example';
    const resetToken = await tokenMailedTo('broker@pillar.example', /\/oidc\/reset\//);
    await record(async () => {
      // A password link: its page, then the new password.
      const page = await t.app.inject({ method: 'GET', url: `/oidc/reset/${resetToken}` });
      expect(page.statusCode, page.body).toBe(200);
      const set = await t.app.inject({
        method: 'POST',
        url: `/oidc/reset/${resetToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          password: 'a snapshot of the broker',
          confirm: 'a snapshot of the broker',
        }).toString(),
      });
      expect(set.statusCode, set.body).toBe(200);
      // Sign-ins: none without a password, wrong ones until the lock (and its e-mail), then a
      // success from another address.
      const deps = {
        db: t.ctx.db,
        login: t.config.login,
        onLocked: lockoutNotice(t.ctx.db, t.ctx.mail, t.config),
      };
      await signIn(deps, { email: username, password: 'no password yet' }, { ip: '192.0.2.1' });
      for (let n = 0; n < t.config.login.maxFailures; n += 1) {
        await signIn(
          deps,
          { email: 'broker@pillar.example', password: 'not the password' },
          { ip: '192.0.2.1' },
        );
      }
      await signIn(
        deps,
        { email: 'broker@pillar.example', password: 'a snapshot of the broker' },
        { ip: '192.0.2.2' },
      );
      // The OIDC provider's storage, and the session a grant is.
      const Grant = createOidcAdapter(t.ctx.db);
      const grants = new Grant('Grant');
      await grants.upsert('sql-grant', { grantId: 'sql-grant', uid: 'sql-uid' }, 60);
      await grants.find('sql-grant');
      await grants.findByUid('sql-uid');
      await grants.findByUserCode('sql-code');
      await grants.consume('sql-grant');
      await grants.revokeByGrantId('sql-grant');
      await grants.destroy('sql-grant');
      await sessionIsLive(t.ctx.db, 'sql-grant', t.config.session);
    });
  });

  it('records the members hub scenario', async () => {
    // A member of its own with a dependent, so the first update inserts and the second updates.
    const { employee, dependent } = await given(t)
      .organization()
      .group()
      .employee()
      .dependent({ birthdate: '2011-06-15' })
      .build();
    const hub = '/members-hub/v1/member';
    const member = { organizationNo: employee.organizationNo, employeeNo: employee.employeeNo };
    const child = { ...member, dependentNo: dependent.dependentNo };
    const optIns = { smsOpted: false, emailOpted: true, callOpted: true, voiceMailOpted: true };
    await record(async () => {
      await call('agent', 'POST', `${hub}/GetCommunicationPref`, child);
      for (const phoneNumber of ['5552223333', '5552224444']) {
        await call('agent', 'POST', `${hub}/UpdateCommsPref`, {
          eventName: 'UpdateCommsPref',
          ...child,
          phoneNumber,
          emailAddress: 'hub@sql-snapshot.example',
          commsPref: optIns,
          isConfidential: 1,
        });
      }
      await call('agent', 'POST', `${hub}/GetCommunicationPref`, member);
      await call(
        'agent',
        'GET',
        `${hub}/confidentiality?organizationNo=${child.organizationNo}&employeeNo=${child.employeeNo}&dependentNo=${child.dependentNo}&birthDate=2011-06-15`,
      );
      await call('agent', 'POST', `${hub}/confidentiality`, {
        ...child,
        birthDate: '2011-06-15',
        isConfidential: 0,
      });
    });
  });

  it('records the plan information scenario', async () => {
    // A seeded member with an appointment of representative, read before recording starts.
    const aor = await t.ctx.db
      .selectFrom('aor_signature')
      .select(['organization_no', 'employee_no', 'dependent_no', 'member_id'])
      .where('dependent_no', 'is not', null)
      .orderBy('aor_no')
      .executeTakeFirstOrThrow();
    const org = cedar.organizationNo;
    await record(async () => {
      await call('agent', 'GET', `/plans/v1/groupinfo/${org}`);
      await call('agent', 'GET', `/plans/v1/pbc?orgId=${org}`);
      await call('agent', 'GET', `/plans/v1/pbc?employeeNo=${aor.employee_no}`);
      const member = `memberID=${aor.member_id}&orgID=${aor.organization_no}&employeeNo=${aor.employee_no}`;
      await call('agent', 'GET', `/comm-manager/aorSignature?${member}`);
      await call(
        'agent',
        'GET',
        `/comm-manager/aorSignature?${member}&dependentNo=${aor.dependent_no}`,
      );
    });
  });

  it('records the role sync of the start-up', async () => {
    await record(() => syncRoles(t.ctx.db));
  });

  it('records the prior authorization scenario', async () => {
    // A seeded member of the built-in PA system, read before recording starts.
    const pa = await t.ctx.db
      .selectFrom('pa_case')
      .select(['pa_case_id', 'alternate_id', 'first_name', 'last_name', 'birthdate'])
      .orderBy('pa_case_id')
      .executeTakeFirstOrThrow();
    const [y, m, d] = pa.birthdate.split('-');
    const ids = new URLSearchParams({
      alternateId: pa.alternate_id,
      firstName: pa.first_name,
      lastName: pa.last_name,
      dateOfBirth: `${m}/${d}/${y}`,
    }).toString();
    await record(async () => {
      await call('agent', 'GET', `/portal/v1/priorauth/agadia?${ids}`);
      await call('agent', 'GET', `/portal/v1/priorauth/agadia/cases/${pa.pa_case_id}?${ids}`);
      await call('agent', 'GET', `/portal/v1/priorauth/agadia/plan-history?${ids}`);
      await call('agent', 'GET', `/comm-manager/interventionLogs?${ids}`);
      await call(
        'agent',
        'GET',
        `/comm-manager/getInterventionSummary?${ids}&paCaseId=${pa.pa_case_id}`,
      );
    });
  });

  it('records the call notes (issues) scenario', async () => {
    // A member of a new organization and an agent granted only that organization, so the
    // scope's SQL shows; built before recording starts.
    const built = await given(t).organization().group().employee().dependent().build();
    const agent = await given(t)
      .in(built.organization)
      .user({ type: 'internal', roles: ['agent'], grant: true })
      .build();
    await t.ctx.db
      .insertInto('organization_contact')
      .values({
        organization_no: built.organization.organizationNo,
        kind: 'eligibility',
        name: 'Eligibility Desk',
        phone: null,
        email: 'eligibility@snapshot.example',
        created_by: null,
        updated_by: null,
      })
      .execute();
    const as = { userNo: agent.user.userNo };
    const send = async (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      options: { payload?: Record<string, unknown> } | ReturnType<typeof multipartBody> = {},
    ) => {
      const response = await t.injectAs(as, { method, url, ...options });
      expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 500)}`).toBeLessThan(
        300,
      );
      return response;
    };
    await record(async () => {
      const types = (await send('GET', '/issues/v1/issueTypes')).json<IssueTypeList>().data;
      const type = types[0]!;
      const upload = multipartBody(
        [
          [
            'jsondata',
            JSON.stringify({
              organizationNo: built.organization.organizationNo,
              employeeNo: built.employee.employeeNo,
              dependentNo: built.dependent.dependentNo,
              name: 'Snapshot Caller',
              relationship: 1,
              communicationMethod: 'Call',
              phoneNo: '937-555-0100',
              memberIssueTypeNo: type.memberIssueTypeNo,
              memberIssueSubTypeNo: type.subTypes[0]!.memberIssueSubTypeNo,
              comment: 'SQL snapshot call',
              furtherActionNeeded: 'None',
            }),
          ],
        ],
        [{ name: 'sql-snapshot.txt', content: 'SQL snapshot.\n' }],
      );
      const issue = (await send('POST', '/issues/v1/records', upload)).json<IssueDetail>();
      const records = '/issues/v1/records';
      await send('GET', `${records}/${issue.issueNo}?isIssue=true`);
      await send('GET', `${records}/agents/${agent.user.userNo}?isAgent=true&isPending=true`);
      await send(
        'GET',
        `${records}/members/${built.employee.employeeNo}?organizationNo=${built.organization.organizationNo}&dependentNo=${built.dependent.dependentNo}`,
      );
      await send('POST', `${records}/${issue.issueNo}/comments`, {
        payload: { comment: 'Called back' },
      });
      await send('POST', `${records}/${issue.issueNo}/comments`, {
        payload: { comment: 'Resolved', markDone: true },
      });
      await send('POST', `${records}/${issue.issueNo}/email`, {
        payload: { contact: 'eligibilityContact' },
      });
      const file = issue.attachments[0]!;
      const attachment = `/issues/v1/${issue.issueNo}/v1/attachments/${file.fileId}?fileName=${encodeURIComponent(file.filename)}`;
      await send('GET', attachment);
      await send('DELETE', attachment);
    });
  });

  it('records the clinical configuration (Protect service) scenario', async () => {
    // Two class codes of our own in the drug reference, written before recording starts.
    await t.ctx.db
      .insertInto('drug_class')
      .values([
        { code: '9710100010', name: 'Snapshot target', created_by: null, updated_by: null },
        { code: '9710100020', name: 'Snapshot alternative', created_by: null, updated_by: null },
      ])
      .execute();
    const p = '/protect/v1';
    await record(async () => {
      const condition = (
        await call('clinician', 'POST', `${p}/health-condition`, { name: 'Snapshot Condition' })
      ).json<{ id: number }>();
      await call('clinician', 'PUT', `${p}/health-condition/${condition.id}`, {
        name: 'Snapshot Condition Renamed',
      });
      await call('clinician', 'GET', `${p}/health-condition/${condition.id}`);
      await call('clinician', 'GET', `${p}/health-conditions?name=snapshot&sort=name:desc`);
      await call('clinician', 'GET', `${p}/health-conditions?limit=0`);
      const drug = (
        await call('clinician', 'POST', `${p}/drug-conditions`, {
          health_condition_id: condition.id,
          drug_code: '9710100010',
        })
      ).json<{ id: number }>();
      await call('clinician', 'GET', `${p}/drug-conditions?health_condition_id=${condition.id}`);
      await call('clinician', 'DELETE', `${p}/drug-conditions?id=${drug.id}`);
      await call('clinician', 'GET', `${p}/health-condition/${condition.id}/history`);
      const intervention = (
        await call('clinician', 'POST', `${p}/interventions`, { name: 'Snapshot Intervention' })
      ).json<{ id: number }>();
      await call('clinician', 'GET', `${p}/interventions?limit=0`);
      const list = (
        await call('clinician', 'POST', `${p}/intervention-lists`, { name: 'Snapshot List' })
      ).json<{ id: number }>();
      await call('clinician', 'POST', `${p}/intervention-lists`, {
        id: list.id,
        name: 'Snapshot List Renamed',
        is_active: false,
      });
      const l = `${p}/intervention-list/${list.id}`;
      const targets = (
        await call('clinician', 'POST', `${l}/target-drugs`, { drug_codes: ['9710100010'] })
      ).json<{ data: { id: number }[] }>();
      const target = targets.data[0]!.id;
      await call('clinician', 'PUT', `${l}/target-drug/${target}/alternative-drugs`, {
        drug_codes: ['9710100020'],
      });
      await call('clinician', 'PUT', `${l}/pbms`, { pbms: ['Optum'] });
      await call('clinician', 'GET', `${l}/pbms`);
      await call('clinician', 'PUT', `${l}/condition-settings`, {
        settings: [{ health_condition_id: condition.id, intervention_id: intervention.id }],
      });
      await call('clinician', 'GET', `${l}/condition-settings`);
      await call('clinician', 'GET', `${l}/target-drugs?sort=drug_name:asc`);
      await call('clinician', 'GET', l);
      await call('clinician', 'GET', `${l}?asOf=2099-01-01`);
      await call('clinician', 'GET', `${l}/history`);
      await call('clinician', 'GET', `${p}/intervention-lists?sort=prospective_cases:desc`);
      await call('clinician', 'GET', `${p}/intervention-lists?is_active=false&name=snapshot`);
      await call('clinician', 'DELETE', `${l}/target-drug/${target}`);
    });
  });

  it('records the eligibility import schemas scenario', async () => {
    const e = '/eligibilityImportSchema';
    await record(async () => {
      const schema = (
        await call('dataMapper', 'POST', e, {
          name: 'Snapshot Schema',
          importerType: 1,
          mediaType: 'csv',
          fileDelimiter: 'comma',
          fieldDefinitions: [{ fieldName: 'ssn' }, { fieldName: 'lastName' }],
        })
      ).json<{ id: number }>();
      await call('dataMapper', 'PUT', `${e}/${schema.id}`, {
        name: 'Snapshot Schema Renamed',
        importerType: 1,
        mediaType: 'csv',
        fileDelimiter: 'pipe',
        fieldDefinitions: [{ fieldName: 'lastName' }, { fieldName: 'ssn' }],
      });
      await call('dataMapper', 'GET', `${e}/eligibilityImportSchema/${schema.id}`);
      await call('dataMapper', 'POST', `${e}/${schema.id}/clone`, { name: 'Snapshot Clone' });
      await call('dataMapper', 'GET', `${e}/eligibility-import-schemas?scope=all&name=snapshot`);
      await call(
        'dataMapper',
        'GET',
        `${e}/eligibility-import-schemas?orgID=${cedar.organizationNo}&importerType=1&processStatus=1`,
      );
      const config = (
        await call('dataMapper', 'POST', `${e}/eligibility-import-configs`, {
          eicName: 'Snapshot Config',
          organizationNo: cedar.organizationNo,
          eligibilityImportSchemaNo: schema.id,
        })
      ).json<{ eicNo: number }>();
      await call('dataMapper', 'PUT', `${e}/eligibility-import-configs/${config.eicNo}`, {
        eicName: 'Snapshot Config',
        eicStatus: 0,
        organizationNo: cedar.organizationNo,
        eligibilityImportSchemaNo: schema.id,
      });
      await call(
        'dataMapper',
        'GET',
        `${e}/eligibility-import-configs?orgId=${cedar.organizationNo}`,
      );
      await call('dataMapper', 'GET', `${e}/${schema.id}/configs`);
      await call('dataMapper', 'POST', `${e}/${schema.id}/comment`, { comment: 'Snapshot note' });
      await call('dataMapper', 'GET', `${e}/${schema.id}/comment`);
      const upload = multipartBody([], [{ name: 'snapshot.txt', content: 'Layout notes.\n' }]);
      const file = (
        await call('dataMapper', 'POST', `${e}/${schema.id}/file`, undefined, upload)
      ).json<{ id: number }>();
      await call('dataMapper', 'GET', `${e}/${schema.id}/files`);
      await call('dataMapper', 'GET', `${e}/eligibility-import-file/file/${file.id}`);
      await call('dataMapper', 'DELETE', `${e}/eligibility-import-file/file/${file.id}`);
      await call('dataMapper', 'GET', `${e}/${schema.id}/history`);
      const sample = multipartBody([], [{ name: 'sample.csv', content: 'ssn,last\n1,a\n' }]);
      const stored = (
        await call('dataMapper', 'POST', '/datamapping/v1/files', undefined, sample)
      ).json<{ fileStorageId: string }>();
      await call('dataMapper', 'POST', `/datamapping/v1/schemas/files/${stored.fileStorageId}`, {
        fileType: 'csv',
        delimiter: 'comma',
      });
    });
  });

  it("records the evaluate incumbent parts' scenario", async () => {
    // A seeded prospect opportunity (the evaluate seed imports them from the built-in CRM).
    const { id } = await t.ctx.db
      .selectFrom('prospect_opportunity')
      .select((eb) => eb.fn.min('prospect_opportunity_no').as('id'))
      .executeTakeFirstOrThrow();
    const o = `/evaluate/v1/opps/${id}`;
    const fa = 'financialAnalyst';
    const fee = { name: 'Snapshot Fee', type: 'PEPM', amount: 1.5 };
    await record(async () => {
      for (const list of ['fees', 'credits', 'pricing/fees', 'pricing/credits']) {
        const item = list.startsWith('pricing') ? { ...fee, pbm: 'ALL' } : fee;
        await call(fa, 'POST', `${o}/${list}`, { items: [item] });
        await call(fa, 'GET', `${o}/${list}`);
      }
      await call(fa, 'POST', `${o}/pricing/insights`, {
        items: [{ insightName: 'Snapshot', additionalInfo: 'Snapshot note' }],
      });
      await call(fa, 'GET', `${o}/pricing/insights`);
      const insight = (
        await call(fa, 'POST', `${o}/insights`, { message: 'Snapshot insight' })
      ).json<{ id: number }>();
      await call(fa, 'PUT', `${o}/insights/${insight.id}`, { message: 'Snapshot insight, edited' });
      await call(fa, 'GET', `${o}/insights`);
      await call(fa, 'DELETE', `${o}/insights/${insight.id}`);
      await call(fa, 'POST', `${o}/incumbentAggregates`, {
        rebate: 1.25,
        isRebateUsed: true,
        totalMember: 10,
        isTotalMemberUsed: false,
        gross: null,
        isGrossUsed: false,
      });
      await call(fa, 'GET', `${o}/incumbentAggregates`);
      await call(fa, 'POST', `${o}/contacts`, { contacts: [{ contactName: 'Snapshot Contact' }] });
      await call(fa, 'GET', `${o}/contacts`);
      const entry = {
        ...blankRenewalEntry(),
        name: 'Snapshot Renewal',
        effectiveDate: '2027-01-01',
      };
      const renewals = (
        await call(fa, 'POST', `${o}/incumbentRenewal`, {
          entries: [entry, { ...entry, name: 'Snapshot Competitor' }],
        })
      ).json<{ entries: { id: number }[] }>();
      await call(fa, 'GET', `${o}/incumbentRenewal`);
      await call(fa, 'DELETE', `${o}/incumbentRenewal?entryId=${renewals.entries[0]!.id}`);
    });
  });

  it('records the transformations scenario', async () => {
    const p = '/datamapping/v1/transformations';
    await record(async () => {
      const created = (
        await call('dataMapper', 'POST', p, {
          name: 'Snapshot_Pad',
          description: 'Snapshot padding',
          definition: { kind: 'padding', direction: 'left', padWith: '0', digits: 9 },
        })
      ).json<{ id: number }>();
      await call('dataMapper', 'PUT', p, {
        id: created.id,
        name: 'Snapshot_Pad_Renamed',
        description: 'Snapshot expression',
        definition: { kind: 'expression', expression: '$uppercase($)' },
      });
      await call('dataMapper', 'GET', `${p}/${created.id}`);
      await call('dataMapper', 'GET', `${p}?search=snapshot`);
      await call('dataMapper', 'GET', `${p}?sort=updated_at:desc&limit=2&offset=2`);
      await call('dataMapper', 'POST', `${p}/generator`, {
        transformationRequest: {
          name: 'Snapshot_Default',
          description: 'Snapshot default',
          transformationType: 'default',
          input: null,
        },
        answers: ['blank', 'G1'],
      });
    });
  });

  it('records the data mapper schemas, templates and jobs scenario', async () => {
    const p = '/datamapping/v1';
    const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
    await record(async () => {
      const upload = multipartBody([], [{ name: 'snapshot.csv', content: 'a,b\nx,y\n' }]);
      const file = (await call('dataMapper', 'POST', `${p}/files`, undefined, upload)).json<{
        fileStorageId: string;
      }>().fileStorageId;
      const read = (
        await call('dataMapper', 'POST', `${p}/schemas`, {
          name: 'Snapshot_Read',
          mediaType: 'csv',
          delimiter: ',',
          fields: [{ name: 'a' }, { name: 'b' }],
        })
      ).json<{ id: number }>();
      await call('dataMapper', 'GET', `${p}/schemas/${read.id}`);
      const write = await t.ctx.db
        .selectFrom('dm_schema')
        .select('schema_no')
        .where('name', '=', 'Standard_Claims')
        .executeTakeFirstOrThrow();
      await call('dataMapper', 'POST', `${p}/templates/schemas/${read.id}/${write.schema_no}`, {
        fileStorageId: file,
      });
      const mappings = ['claimId', 'memberId', 'fillDate', 'ndc', 'quantity', 'daysSupply'].map(
        (target) => ({ target, source: 'a', transformation: 'Trim' }),
      );
      const template = (
        await call('dataMapper', 'POST', `${p}/templates`, {
          name: 'Snapshot_Template',
          readSchemaId: read.id,
          writeSchemaId: write.schema_no,
          fileStorageId: file,
          mappings,
        })
      ).json<{ id: number }>();
      await call('dataMapper', 'PUT', `${p}/templates`, {
        id: template.id,
        name: 'Snapshot_Template_2',
        readSchemaId: read.id,
        writeSchemaId: write.schema_no,
        mappings,
      });
      await call('dataMapper', 'POST', `${p}/templates/${template.id}`);
      await call('dataMapper', 'GET', `${p}/templates/transformations/1`);
      await call('dataMapper', 'GET', `${p}/transformations/1`);
      const job = (
        await call('dataMapper', 'POST', `${p}/jobs`, {
          templateId: template.id,
          fileStorageId: file,
        })
      ).json<{ id: number }>();
      await runMappingJob({ db: t.ctx.db, storage }, job.id);
      await call('dataMapper', 'GET', `${p}/jobs/${job.id}`);
      await call('dataMapper', 'GET', `${p}/jobs/completed/${job.id}`);
      await call('dataMapper', 'GET', `${p}/templates/${template.id}/jobs`);
    });
  });

  it('records the eligibility import runs storage scenario', async () => {
    // Not yet served (decision 0123): the run storage called directly, on a seeded configuration.
    const config = await t.ctx.db
      .selectFrom('import_configuration')
      .select(['eic_no', 'organization_no'])
      .orderBy('eic_no')
      .executeTakeFirstOrThrow();
    const row = (i: number) =>
      importRow(i + 1, String(900000000 + i), {
        maintenanceCode: '021',
        firstName: 'Snap',
        lastName: `Shot${i}`,
      });
    await record(async () => {
      const db = t.ctx.db;
      const runId = (await insertRun(
        db,
        newRun(
          { eicNo: config.eic_no, organizationNo: config.organization_no },
          { fileName: 'snapshot.csv', storageKey: 'snapshot' },
        ),
      ))!;
      await activeRunId(db, config.eic_no);
      const rows = [row(0), row(1)];
      const ssn = createSsnProtector(t.ctx.secrets.ssnKey);
      await stageRows(db, runId, rows, ssn);
      await countStaged(db, runId);
      const diff = diffEligibility([...rows, { ...row(0), rowNumber: 3 }], [], {
        organizationId: 'X',
        groups: new Set(['G1']),
        today: '2026-11-24',
        fullFile: false,
        options: { supportsUpdateOnlyRecords: false } as AdvancedOptions,
      });
      await insertChanges(db, runId, diff.changes, ssn);
      await insertRejected(db, runId, diff.rejected);
      await saveSelection(db, runId, []);
      const batch = await nextUnapplied(db, runId, 10);
      await db.transaction().execute((tx) =>
        markApplied(
          tx,
          runId,
          batch.map((x) => x.changeId),
        ),
      );
      await setRunStatus(db, runId, 'previewed');
    });
  });

  it('records the evaluate opportunities, CRM and contract scenario', async () => {
    const e = '/evaluate/v1';
    const sfId = '006SNP000000001AAA';
    await record(async () => {
      // The built-in CRM's own writes (what the seed and tests do; Salesforce's screens in life).
      await insertCrmOpportunities(t.ctx.db, [
        {
          sfId,
          name: 'Snapshot Employer - RFP',
          employer: { sfId: '001SNP000000001AAA', name: 'Snapshot Employer' },
          broker: { sfId: '001SNP000000002AAA', name: 'Snapshot Broker' },
          owner: {
            sfId: '005SNP000000001AAA',
            name: 'Mei Chen',
            email: 'financial.analyst@pillar.example',
          },
          fa: {
            sfId: '005SNP000000002AAA',
            name: 'Snapshot Analyst',
            email: 'snapshot@pillar.example',
          },
          spa: 'Snapshot SPA',
          stage: 2,
          employees: 100,
          members: 220,
          incumbentPbm: 'OptumRx',
          tpa: null,
          medVendor: 'Aetna',
          targetEffectiveDate: '2027-01-01',
          erisa: true,
          strategicGroup: null,
          inHousePharmacyName: null,
          npiNumber: '123',
          nabpNumber: null,
          analysisDueFromFA: null,
          analysisDueDate: null,
        },
      ]);
      await call('financialAnalyst', 'GET', '/salesforce/v1/opportunities?employerName=snapshot');
      await call('financialAnalyst', 'GET', `/salesforce/v1/opportunities/${sfId.slice(0, 15)}`);
      const opp = (await call('financialAnalyst', 'POST', `${e}/opps`, { sfOppId: sfId })).json<{
        id: number;
      }>();
      await call('financialAnalyst', 'POST', `${e}/opps`, { sfOppId: sfId });
      await setCrmStage(t.ctx.db, sfId, 3);
      await call('financialAnalyst', 'POST', `${e}/opps/sf-update`, { prospectOppId: opp.id });
      await call('financialAnalyst', 'GET', `${e}/opps?limit=5`);
      await call(
        'financialAnalyst',
        'GET',
        `${e}/opps?scope=all&employer=snap&broker=snap&sfId=006&owner=mei&fa=snap&spa=snap&status=1,3&sort=owner:desc`,
      );
      await call(
        'financialAnalyst',
        'GET',
        `${e}/opps?scope=all&limit=5&offset=5&sort=sfStage:asc`,
      );
      await call('financialAnalyst', 'GET', `${e}/opps/${opp.id}`);
      await call('financialAnalyst', 'GET', `${e}/opps/${opp.id}/contract-info`);
      await call('financialAnalyst', 'POST', `${e}/opps/${opp.id}/contract-info`, {
        contractTermLength: 3,
        contractEffDate: '2025-01-01',
        ssgOrDsg: 'SSG',
        discounts: [
          { code: 'retailBrand', value: 18.5 },
          { code: 'rebateMail', value: 650.25 },
        ],
      });
      await call('financialAnalyst', 'GET', `${e}/opps/${opp.id}/contract-info`);
      await call('financialAnalyst', 'GET', `${e}/opps/${opp.id}/history`);
      await call('financialAnalyst', 'GET', `${e}/opps/${opp.id}/history?part=contract`);
      await call('financialAnalyst', 'GET', `${e}/opps/${opp.id}/history/contract/1`);
    });
  });

  it('records the claims files and FA iterations scenario', async () => {
    const o = '/evaluate/v1/opps/1';
    await record(async () => {
      const up = await call(
        'financialAnalyst',
        'POST',
        `${o}/upload-file`,
        undefined,
        multipartBody([], [{ name: 'claims.csv', content: 'Claim,Filled\nC1,2026-01-05\n' }]),
      );
      const { fileHash } = up.json<{ fileHash: string }>();
      const accepted = (
        await call('financialAnalyst', 'POST', `${o}/accept-file`, { fileHash })
      ).json<{ fileStorageId: string }>();
      // The mapped CSV a data-mapper job would have written (the test's own SQL is not recorded).
      const mappedKey = await stageMappingOutput(
        t,
        accepted.fileStorageId,
        'claimId,fillDate\nC1,2026-01-05\nC2,2026-02-10\n',
      );
      const mapped = (
        await call('financialAnalyst', 'POST', `${o}/claims`, {
          mappedFileStorageId: mappedKey,
          unmappedFileStorageId: accepted.fileStorageId,
          mappedFileName: 'claims_mapped.csv',
        })
      ).json<{ id: number }>();
      await call('financialAnalyst', 'GET', `${o}/claims`);
      await call(
        'financialAnalyst',
        'GET',
        `${o}/claims/${mapped.id}?minDate=2026-01-05&maxDate=2026-02-10`,
      );
      const column = (key: string, netCost: number) => ({
        key,
        name: key,
        planCost: {
          grossClaimAmountPaid: 10,
          lessMemberCostShare: 0,
          totalCredits: 0,
          rebateAmount: 0,
          totalFees: 0,
          netCost,
        },
        contractSavings: { contractSavings: 0, percentSavings: 0 },
      });
      const iteration = (
        await call('financialAnalyst', 'POST', `${o}/fa_iterations`, {
          mappedClaimFileID: mapped.id,
          cscData: { outputColumns: ['cvs'] },
          notes: 'Snapshot',
          pricingGridData: { columns: [column('incumbent', 10), column('cvs', 9)] },
          footNotes: [],
        })
      ).json<{ id: number }>();
      await call('financialAnalyst', 'GET', `${o}/fa_iterations`);
      await call('financialAnalyst', 'GET', `${o}/fa_iterations/${iteration.id}`);
      await call('financialAnalyst', 'GET', `${o}/fa_iterations/${iteration.id}/proposal/xlsx`);
    });
  });

  it('records the claims shares scenario', async () => {
    // Decision 0144: share opportunity 2 with the broker, who lists it and reads its files.
    const shares = '/evaluate/v1/opps/2/shares';
    const broker = await t.userNo('broker');
    await record(async () => {
      await call('financialAnalyst', 'GET', '/evaluate/v1/share-candidates?q=broker');
      await call('financialAnalyst', 'POST', shares, { userId: broker, endsOn: '2099-12-31' });
      await call('financialAnalyst', 'GET', shares);
      await call('broker', 'GET', '/shared-claims/v1/opps');
      await call('broker', 'GET', '/shared-claims/v1/opps/2/claims');
      await call('financialAnalyst', 'DELETE', `${shares}/${broker}`);
    });
  });

  it('records the rate cards scenario', async () => {
    const u = '/evaluate/v1/rate-cards';
    await record(async () => {
      const list = (await call('financialAnalyst', 'GET', `${u}?asOf=2026-06-01`)).json<{
        pbms: { pbm: string; inForce: { versionNo: number; terms: unknown } | null }[];
      }>();
      await call('financialAnalyst', 'GET', u);
      const optum = list.pbms.find((p) => p.pbm === 'OPTUMRX')!.inForce!;
      await call('financialAnalyst', 'GET', `${u}/${optum.versionNo}`);
      await call('financialAnalyst', 'POST', u, {
        pbm: 'OPTUMRX',
        effectiveDate: '2099-01-01',
        terms: optum.terms,
        note: 'Snapshot',
      });
    });
  });

  it('records the price files scenario', async () => {
    const u = '/evaluate/v1/price-files';
    const csv = 'NDC,NADAC_Per_Unit,Effective_Date\n00002143380,1.5,01/01/2026\nX,1,01/01/2026\n';
    await record(async () => {
      const body = multipartBody([], [{ name: 'nadac.csv', content: csv }]);
      const loaded = await t.injectAs('financialAnalyst', {
        method: 'POST',
        url: u,
        payload: body.payload,
        headers: body.headers,
      });
      const id = loaded.json<{ id: number }>().id;
      await call('financialAnalyst', 'GET', u);
      await call('financialAnalyst', 'POST', `${u}/${id}/activate`);
      await call('financialAnalyst', 'DELETE', `${u}/${id}`);
    });
  });

  it('records the 834 eligibility export scenario', async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'GSNAP' })
      .employee({ effectiveDate: '2026-01-01' })
      .dependent({ relationship: 3 })
      .build();
    const url = (kind: string) =>
      `/eligibilityImportSchema/organizations/${s.organization.organizationNo}/eligibility-834?kind=${kind}`;
    await record(async () => {
      await call('accountManager', 'GET', url('full'));
    });
    await given(t).in(s.organization, s.group).employee({ effectiveDate: '2026-02-01' }).build();
    await record(async () => {
      await call('accountManager', 'GET', url('changes'));
    });
  });

  it('records the FA pricing job scenario', async () => {
    const o = '/evaluate/v1/opps/1';
    const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
    // The opportunity's contract and a mapped claims file (what the claims files scenario records).
    await call('financialAnalyst', 'POST', `${o}/contract-info`, {
      contractTermLength: 3,
      contractEffDate: '2025-01-01',
      ssgOrDsg: 'no',
      discounts: [
        { code: 'retailBrand', value: 18 },
        { code: 'retailGeneric', value: 80 },
        { code: 'retailFee', value: 1 },
        { code: 'mailBrand', value: 22 },
        { code: 'mailGeneric', value: 85 },
        { code: 'specialtyAwp', value: 15 },
      ],
    });
    const up = await call(
      'financialAnalyst',
      'POST',
      `${o}/upload-file`,
      undefined,
      multipartBody([], [{ name: 'fa.csv', content: 'a,b\n1,2\n' }]),
    );
    const accepted = (
      await call('financialAnalyst', 'POST', `${o}/accept-file`, {
        fileHash: up.json<{ fileHash: string }>().fileHash,
      })
    ).json<{ fileStorageId: string }>();
    const key = await stageMappingOutput(
      t,
      accepted.fileStorageId,
      [
        'claimId,memberId,fillDate,ndc,brandGenericIndicator,quantity,daysSupply,pharmacyType,awpUnitCost,awpTotalCost,ingredientCost,dispensingFee,memberPaid,planPaid,claimStatus',
        'C1,M1,2026-01-05,00002143380,B,30,30,R,,100.00,80.00,1.00,10.00,71.00,P',
        'C2,M2,2026-02-03,00093714657,G,30,30,M,,40.00,8.00,0,0,8.00,P',
      ].join('\n'),
    );
    const mapped = (
      await call('financialAnalyst', 'POST', `${o}/claims`, {
        mappedFileStorageId: key,
        unmappedFileStorageId: accepted.fileStorageId,
        mappedFileName: 'fa_mapped.csv',
      })
    ).json<{ id: number }>();
    await record(async () => {
      const jobs = '/evaluate/v1/opps/fa_jobs/1';
      await call('financialAnalyst', 'GET', `${jobs}/${mapped.id}`);
      const created = (
        await call('financialAnalyst', 'POST', jobs, {
          pricingOption: 'Commercial',
          disruptionType: '3TIER',
          pbmSpecialtyOverride: 'N/A',
          retail90: 1,
          fileStorageID: mapped.id,
        })
      ).json<{ faJobId: number }>();
      // The queued job's work, run here as the pricing tests do (the worker is not started).
      await runFaJob({ db: t.ctx.db, storage }, created.faJobId);
      const job = (await call('financialAnalyst', 'GET', `${jobs}/${mapped.id}`)).json<{
        status: string;
      }>();
      expect(job.status).toBe('COMPLETE');
      // A saved iteration explained from its own grid version (decision 0139).
      const grid = (await call('financialAnalyst', 'GET', `${o}/fa/${mapped.id}`)).json<{
        columns: unknown[];
        gridVersionId: number;
      }>();
      const iteration = (
        await call('financialAnalyst', 'POST', `${o}/fa_iterations`, {
          mappedClaimFileID: mapped.id,
          cscData: { gridVersionId: grid.gridVersionId },
          notes: 'Snapshot',
          pricingGridData: { columns: grid.columns },
        })
      ).json<{ id: number }>();
      const explained = await call(
        'financialAnalyst',
        'GET',
        `${o}/fa/${mapped.id}/explain?column=incumbent&row=netCost&iteration=${iteration.id}`,
      );
      expect(explained.statusCode, explained.body).toBe(200);
    });
  });

  it('records the eligibility import preview and apply scenario', async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'GIMP' })
      .employee({ firstName: 'Ann', lastName: 'Stone', birthdate: '1980-01-02', gender: 'F' })
      .employee({ firstName: 'Bob', lastName: 'Reed', birthdate: '1975-03-04', gender: 'M' })
      .build();
    const [ann, bob] = s.employees as [EmployeeHandle, EmployeeHandle];
    const columns = [
      'recordType',
      'ssn',
      'firstName',
      'lastName',
      'dateOfBirth',
      'gender',
      'groupId',
      'effectiveDate',
      'termDate',
    ];
    // The schema and configuration written directly, as the import tests do (its screens are
    // recorded by the import schemas scenario).
    const db = t.ctx.db;
    const schema = await sql<{ no: number }>`
      insert into import_schema (name, importer_type, media_type, file_delimiter, file_has_header_row)
      values ('Snapshot import', 0, 'csv', 'comma', true)
      returning import_schema_no as no`.execute(db);
    const schemaNo = schema.rows[0]!.no;
    for (const [i, name] of columns.entries())
      await sql`insert into import_schema_field (import_schema_no, loc_index, field_name)
        values (${schemaNo}, ${i}, ${name})`.execute(db);
    const config = await sql<{ no: number }>`
      insert into import_configuration (name, organization_no, import_schema_no)
      values ('Snapshot import', ${s.organization.organizationNo}, ${schemaNo})
      returning eic_no as no`.execute(db);
    const eicNo = config.rows[0]!.no;
    const line = (values: string[]) => values.join(',');
    const csv =
      [
        columns.join(','),
        line(['E', uniqueSsn(t), 'Nia', 'New', '1990-01-01', 'F', 'GIMP', '2024-01-01', '']),
        line(['E', ann.ssn!, 'Ann', 'Stonebridge', '1980-01-02', 'F', 'GIMP', '2024-01-01', '']),
        line(['E', bob.ssn!, 'Bob', 'Reed', '1975-03-04', 'M', 'GIMP', '2024-01-01', '2026-12-31']),
        line(['E', '12345', 'Gil', 'Short', '1990-01-01', 'F', 'GIMP', '2024-01-01', '']),
      ].join('\n') + '\n';
    const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
    const ssn = createSsnProtector(t.ctx.secrets.ssnKey);
    const today = () => '2026-11-24';
    const b = '/eligibilityImportSchema';
    await record(async () => {
      const run = (
        await call(
          'accountManager',
          'POST',
          `${b}/eligibility-import-configs/${eicNo}/runs`,
          undefined,
          multipartBody([], [{ name: 'members.csv', content: csv }]),
        )
      ).json<{ runId: number }>();
      // The queued jobs' work, run here as the import tests do (their workers are not started).
      await runPreviewJob({ db, storage, ssn, today }, run.runId);
      const url = `${b}/eligibility-import-runs/${run.runId}`;
      await call('accountManager', 'GET', url);
      await call('accountManager', 'GET', `${b}/eligibility-import-configs/${eicNo}/runs`);
      await call('accountManager', 'GET', `${url}/changes?limit=100`);
      await call('accountManager', 'GET', `${url}/rejected?limit=100`);
      await call('accountManager', 'PUT', `${url}/selection`, { acceptAll: true });
      await call('accountManager', 'POST', `${url}/apply`);
      await runApplyJob(
        { db, today },
        {
          runId: run.runId,
          organizationNo: s.organization.organizationNo,
          userNo: await t.userNo('accountManager'),
        },
      );
      const applied = (await call('accountManager', 'GET', url)).json<{ status: string }>();
      expect(applied.status).toBe('applied');
    });
  });

  it('writes each repository file the SQL it sent', async () => {
    const files = [...recorder.byFile.keys()].sort();
    // SQL only in repositories: every server file that sent a statement is a *.repo.ts.
    const outside = files.filter((f) => !f.endsWith('.repo.ts'));
    // Soft, so the snapshots below are still compared (and written with --update) on a failure.
    expect
      .soft(
        outside.map(
          (f) => `${f}: ${[...recorder.byFile.get(f)!][0]}\n${recorder.firstStack.get(f)}`,
        ),
      )
      .toEqual([]);
    // Every repository of the server is exercised: a new one needs its scenario here.
    const repositories = fs
      .globSync('**/*.repo.ts', { cwd: SERVER_SRC })
      .filter((file) => !NOT_RECORDED.includes(file));
    expect.soft(repositories.filter((file) => !files.includes(file)).sort()).toEqual([]);
    for (const file of files) {
      const dir = file.slice(0, file.lastIndexOf('/'));
      const name = file.slice(file.lastIndexOf('/') + 1);
      const statements = [...recorder.byFile.get(file)!].sort();
      const text = [
        `-- SQL that ${name} sent in the scenarios of`,
        '-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).',
        '',
        ...statements.map((s) => `${s};\n`),
      ].join('\n');
      await expect(text).toMatchFileSnapshot(
        `../../${dir}/__sql__/${name.replace(/\.ts$/, '')}.sql`,
      );
    }
  });
});

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');
/**
 * Repositories no scenario can reach: the files module moves the seed's staged demo content into
 * storage while the app is built, before a test can start recording (and only the seed stages
 * any); the data mapper's demo jobs likewise (decision 0136).
 */
const NOT_RECORDED = [
  'modules/files/seed-content.repo.ts',
  'modules/data-mapping/seed-jobs.repo.ts',
];
