import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAN_INFO_MESSAGES,
  aorExpirationDate,
  isAorExpired,
  todayIso,
  type AorRecord,
  type GroupInformation,
  type MemberReadAuditPage,
} from '@pillar/domain';
import { readPdfText } from '../../platform/pdf/pdf-text.ts';
import { PBC_CACHE_ENTRIES, pbcPdfOf, renderPbcPdf } from './pbc-pdf.ts';
import type { PlanBenefitContent } from './plan-info.repo.ts';
import { watchMemberReads } from '../../test/member-reads.ts';
import { given, type UserHandle } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cedar: number;
let northfield: number;
/** An agent whose only organization is one built for it: the seeded ones are outside its scope. */
let narrowAgent: UserHandle;
let narrowOrg: number;

beforeAll(async () => {
  t = await createTestApp();
  const orgs = await t.ctx.db
    .selectFrom('organization')
    .select('organization_no')
    .orderBy('organization_no')
    .execute();
  cedar = orgs[0]!.organization_no;
  northfield = orgs[2]!.organization_no;
  const built = await given(t)
    .organization()
    .group()
    .employee()
    .user({ type: 'internal', roles: ['agent'], grant: true })
    .build();
  narrowAgent = built.user;
  narrowOrg = built.organization.organizationNo;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const groupInfoUrl = (org: number | string) => `/plans/v1/groupinfo/${org}`;

describe('GET /plans/v1/groupinfo/:orgId', () => {
  it("answers the organization's contacts, programs, materials, notes and changes", async () => {
    const response = await t.injectAs('agent', { method: 'GET', url: groupInfoUrl(cedar) });
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json<GroupInformation>();
    // The PBC viewer frames the PDF on a blob: URL; the policy allows that and nothing wider.
    expect(response.headers['content-security-policy']).toContain("frame-src 'self' blob:");
    expect(info.organizationNo).toBe(cedar);
    expect(info.contacts.accountManager).toMatch(/^\S+ \S+$/);
    expect(info.contacts.planNo).toMatch(/^RX\d{5}-\d{2}$/);
    expect(info.contacts.medicalVendor).toBeTruthy();
    expect(info.programs.formulary).toMatch(/Formulary/);
    expect(info.programs.dispenseAsWritten).toMatch(/DAW/);
    expect(info.programs.others.length).toBeGreaterThanOrEqual(2);
    expect(info.materials.length).toBeGreaterThanOrEqual(2);
    expect(info.planNotes.length).toBeGreaterThanOrEqual(1);
    expect(info.planChanges.length).toBeGreaterThanOrEqual(1);
    // Newest first.
    const noteDates = info.planNotes.map((n) => n.createdDate);
    expect(noteDates).toEqual([...noteDates].sort().reverse());
    const changeDates = info.planChanges.map((c) => c.effectiveDate);
    expect(changeDates).toEqual([...changeDates].sort().reverse());
  });

  it('answers empty parts for an organization with nothing on file', async () => {
    const response = await t.injectAs(narrowAgent, { method: 'GET', url: groupInfoUrl(narrowOrg) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      organizationNo: narrowOrg,
      contacts: {
        accountManager: null,
        strategicAccountExecutive: null,
        brokerageFirm: null,
        medicalVendor: null,
        planNo: null,
      },
      materials: [],
      programs: { formulary: null, dispenseAsWritten: null, others: [] },
      planNotes: [],
      planChanges: [],
    });
  });

  it('is open to an organization viewer too (anyOf viewOrganizations)', async () => {
    const response = await t.injectAs('accountManager', {
      method: 'GET',
      url: groupInfoUrl(cedar),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 404 outside the caller’s scope, 403 without the permission, 400 for a bad id', async () => {
    const outside = await t.injectAs(narrowAgent, { method: 'GET', url: groupInfoUrl(cedar) });
    expect(outside.statusCode).toBe(404);
    const missing = await t.injectAs('agent', { method: 'GET', url: groupInfoUrl(2_000_000_000) });
    expect(missing.statusCode).toBe(404);
    const refused = await t.injectAs('clinician', { method: 'GET', url: groupInfoUrl(cedar) });
    expect(refused.statusCode).toBe(403);
    for (const bad of ['abc', '0', '2147483648']) {
      const response = await t.injectAs('agent', { method: 'GET', url: groupInfoUrl(bad) });
      expect(response.statusCode, bad).toBe(400);
      expect(response.body).toContain('orgId');
    }
  });
});

describe('GET /plans/v1/pbc', () => {
  async function pdfText(url: string) {
    const response = await t.injectAs('agent', { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="PBC-.+\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, title } = await readPdfText(response.rawPayload);
    return { text: pages.join('\n'), title, disposition: response.headers['content-disposition'] };
  }

  it("is a real PDF of the organization's plan in effect: plan, tiers, formulary, DAW, programs", async () => {
    const content = await t.ctx.db
      .selectFrom('plan_benefit_content')
      .select(['pbc_no', 'plan_name', 'effective_date'])
      .where('organization_no', '=', cedar)
      .where('expiration_date', 'is', null)
      .executeTakeFirstOrThrow();
    const tiers = await t.ctx.db
      .selectFrom('plan_benefit_tier')
      .select(['name', 'retail_copay'])
      .where('pbc_no', '=', content.pbc_no)
      .orderBy('tier')
      .execute();
    const programs = await t.ctx.db
      .selectFrom('group_info_program')
      .select('name')
      .where('organization_no', '=', cedar)
      .execute();
    const { text, title, disposition } = await pdfText(`/plans/v1/pbc?orgId=${cedar}`);
    expect(title).toBe('Plan Benefit Content');
    expect(text).toContain('Plan Benefit Content');
    expect(text).toContain('Cedar Valley Manufacturing');
    expect(text).toContain(content.plan_name);
    const [y, m, d] = content.effective_date.split('-');
    expect(text).toContain(`${m}/${d}/${y}`);
    expect(text).toContain('Member cost share');
    for (const tier of tiers) {
      expect(text).toContain(tier.name);
      expect(text).toContain(tier.retail_copay);
    }
    expect(text).toContain('Formulary');
    expect(text).toContain('Dispense as written (DAW)');
    for (const program of programs) expect(text).toContain(program.name);
    expect(disposition).toContain(content.effective_date);
  });

  it('answers the rendered document again, byte for byte, and a new one after an edit', async () => {
    const url = `/plans/v1/pbc?orgId=${cedar}`;
    const first = await t.injectAs('agent', { method: 'GET', url });
    const again = await t.injectAs('agent', { method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // An edit of the plan's content shows in the next answer.
    const content = await t.ctx.db
      .selectFrom('plan_benefit_content')
      .select('pbc_no')
      .where('organization_no', '=', cedar)
      .where('expiration_date', 'is', null)
      .executeTakeFirstOrThrow();
    const tier = await t.ctx.db
      .selectFrom('plan_benefit_tier')
      .select(['tier', 'retail_copay'])
      .where('pbc_no', '=', content.pbc_no)
      .orderBy('tier')
      .executeTakeFirstOrThrow();
    const setCopay = (copay: string) =>
      t.ctx.db
        .updateTable('plan_benefit_tier')
        .set({ retail_copay: copay })
        .where('pbc_no', '=', content.pbc_no)
        .where('tier', '=', tier.tier)
        .execute();
    await setCopay('$987.65');
    try {
      const edited = await t.injectAs('agent', { method: 'GET', url });
      expect(Buffer.compare(edited.rawPayload, first.rawPayload)).not.toBe(0);
      expect((await readPdfText(edited.rawPayload)).pages.join('\n')).toContain('$987.65');
    } finally {
      await setCopay(tier.retail_copay);
    }
    const restored = await t.injectAs('agent', { method: 'GET', url });
    expect(Buffer.compare(restored.rawPayload, first.rawPayload)).toBe(0);
  });

  it('keeps rendered documents equal to a fresh render, a bounded number of them', async () => {
    const content: PlanBenefitContent = {
      organizationName: 'Cache Test Org',
      planName: 'Cache Plan',
      effectiveDate: '2026-01-01',
      expirationDate: null,
      formulary: 'Formulary A',
      dawRule: 'DAW 1',
      deductible: null,
      outOfPocketMax: '$1,000',
      tiers: [{ tier: 1, name: 'Generic', retailCopay: '$5', mailCopay: '$10', coinsurance: null }],
    };
    const programs = [{ name: 'Specialty', description: null }];
    const cached = await pbcPdfOf(content, programs);
    expect(await pbcPdfOf(content, programs)).toBe(cached);
    const fresh = await renderPbcPdf(content, programs);
    expect(cached.fileName).toBe(fresh.fileName);
    expect(Buffer.compare(cached.body, fresh.body)).toBe(0);
    // Any change of what the document is made from is another document.
    const changed = await pbcPdfOf({ ...content, formulary: 'Formulary B' }, programs);
    expect(Buffer.compare(changed.body, cached.body)).not.toBe(0);
    const { pages } = await readPdfText(changed.body);
    expect(pages.join('\n')).toContain('Formulary B');
    const otherPrograms = await pbcPdfOf(content, [{ name: 'Mail order', description: null }]);
    expect(Buffer.compare(otherPrograms.body, cached.body)).not.toBe(0);
    // Past the bound the least recently used is rendered again (a new object, the same bytes).
    for (let i = 0; i < PBC_CACHE_ENTRIES; i++) {
      await pbcPdfOf({ ...content, planName: `Plan ${i}` }, []);
    }
    const rerendered = await pbcPdfOf(content, programs);
    expect(rerendered).not.toBe(cached);
    expect(Buffer.compare(rerendered.body, fresh.body)).toBe(0);
  }, 60_000);

  it("answers a member's (and a dependent's) PBC from the member's organization", async () => {
    const member = await t.ctx.db
      .selectFrom('dependent')
      .select(['employee_no', 'dependent_no'])
      .where('organization_no', '=', northfield)
      .orderBy('dependent_no')
      .executeTakeFirstOrThrow();
    const byOrg = await pdfText(`/plans/v1/pbc?orgId=${northfield}`);
    const byMember = await pdfText(`/plans/v1/pbc?employeeNo=${member.employee_no}`);
    const byDependent = await pdfText(
      `/plans/v1/pbc?employeeNo=${member.employee_no}&dependentNo=${member.dependent_no}`,
    );
    expect(byMember.text).toBe(byOrg.text);
    expect(byDependent.text).toBe(byOrg.text);
    expect(byMember.text).toContain('City of Northfield');
  });

  it("answers 404 'PBC not available' when the organization has none in effect", async () => {
    for (const query of [`orgId=${narrowOrg}`]) {
      const response = await t.injectAs('agent', { method: 'GET', url: `/plans/v1/pbc?${query}` });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ detail: string }>().detail).toBe(PLAN_INFO_MESSAGES.pbcNotAvailable);
    }
    // A terminated organization's content has ended.
    const summit = await t.ctx.db
      .selectFrom('organization')
      .select('organization_no')
      .where('name', '=', 'Summit Ridge Health Partners')
      .executeTakeFirstOrThrow();
    const ended = await t.injectAs('agent', {
      method: 'GET',
      url: `/plans/v1/pbc?orgId=${summit.organization_no}`,
    });
    expect(ended.statusCode).toBe(404);
    expect(ended.json<{ detail: string }>().detail).toBe(PLAN_INFO_MESSAGES.pbcNotAvailable);
  });

  it('answers 400 naming the missing identifier, 404 outside scope, 403 without permission', async () => {
    const none = await t.injectAs('agent', { method: 'GET', url: '/plans/v1/pbc' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('employeeNo or orgId is required');
    const dependentOnly = await t.injectAs('agent', {
      method: 'GET',
      url: '/plans/v1/pbc?dependentNo=3',
    });
    expect(dependentOnly.statusCode).toBe(400);
    expect(dependentOnly.body).toContain('employeeNo');

    const cedarMember = await t.ctx.db
      .selectFrom('employee')
      .select('employee_no')
      .where('organization_no', '=', cedar)
      .executeTakeFirstOrThrow();
    for (const query of [`orgId=${cedar}`, `employeeNo=${cedarMember.employee_no}`]) {
      const outside = await t.injectAs(narrowAgent, {
        method: 'GET',
        url: `/plans/v1/pbc?${query}`,
      });
      expect(outside.statusCode, query).toBe(404);
      expect(outside.body).not.toContain(PLAN_INFO_MESSAGES.pbcNotAvailable);
    }
    const unknown = await t.injectAs('agent', {
      method: 'GET',
      url: '/plans/v1/pbc?employeeNo=2000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const refused = await t.injectAs('clinician', {
      method: 'GET',
      url: `/plans/v1/pbc?orgId=${cedar}`,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /comm-manager/aorSignature', () => {
  async function seededAors() {
    return t.ctx.db
      .selectFrom('aor_signature')
      .select(['organization_no', 'employee_no', 'dependent_no', 'member_id', 'member_sign_date'])
      .orderBy('aor_no')
      .execute();
  }

  it('answers the member’s AORs, newest first, each expiring a year after signing', async () => {
    const rows = await seededAors();
    const today = todayIso();
    // The seed covers both states the card shows.
    expect(rows.some((r) => isAorExpired(r.member_sign_date, today))).toBe(true);
    expect(rows.some((r) => !isAorExpired(r.member_sign_date, today))).toBe(true);

    const counts = new Map<number, number>();
    for (const r of rows)
      if (r.dependent_no === null) counts.set(r.employee_no, (counts.get(r.employee_no) ?? 0) + 1);
    const [employeeNo] = [...counts].find(([, n]) => n > 1)!;
    const own = rows.filter((r) => r.employee_no === employeeNo && r.dependent_no === null);
    const { organization_no: orgID, member_id: memberID } = own[0]!;
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: `/comm-manager/aorSignature?memberID=${memberID}&orgID=${orgID}&employeeNo=${employeeNo}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const aors = response.json<AorRecord[]>();
    expect(aors).toHaveLength(own.length);
    const signed = aors.map((a) => a.memberSignDate);
    expect(signed).toEqual([...signed].sort().reverse());
    for (const aor of aors) {
      expect(aor.memberID).toBe(memberID);
      expect(aor.expirationDate).toBe(aorExpirationDate(aor.memberSignDate));
      expect(aor.representativeName).toBeTruthy();
      expect(aor.representativeAddress).toMatch(/\d{5}$/);
      expect(aor.memberDOB).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // The renewal: one current and one expired.
    expect(aors.map((a) => isAorExpired(a.memberSignDate, today))).toEqual([false, true]);
  });

  it("answers a dependent's AORs with dependentNo, and none under another member ID", async () => {
    const dependent = (await seededAors()).find((r) => r.dependent_no !== null)!;
    const base = `/comm-manager/aorSignature?memberID=${dependent.member_id}&orgID=${dependent.organization_no}&employeeNo=${dependent.employee_no}`;
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: `${base}&dependentNo=${dependent.dependent_no}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AorRecord[]>().map((a) => a.memberSignDate)).toEqual([
      dependent.member_sign_date,
    ]);
    const otherId = await t.injectAs('agent', {
      method: 'GET',
      url: `/comm-manager/aorSignature?memberID=NOPE-1&orgID=${dependent.organization_no}&employeeNo=${dependent.employee_no}&dependentNo=${dependent.dependent_no}`,
    });
    expect(otherId.statusCode).toBe(200);
    expect(otherId.json()).toEqual([]);
  });

  it("records each AOR read (decision 0097): who, the member or dependent, 'aor', when", async () => {
    const dependent = (await seededAors()).find((r) => r.dependent_no !== null)!;
    const base = `/comm-manager/aorSignature?memberID=${dependent.member_id}&orgID=${dependent.organization_no}&employeeNo=${dependent.employee_no}`;
    const reads = await watchMemberReads(t, dependent.employee_no);
    expect((await t.injectAs('agent', { method: 'GET', url: base })).statusCode).toBe(200);
    const ofDependent = await t.injectAs('agent', {
      method: 'GET',
      url: `${base}&dependentNo=${dependent.dependent_no}`,
    });
    expect(ofDependent.statusCode, ofDependent.body).toBe(200);
    const rows = await reads.added();
    const agentNo = await t.userNo('agent');
    expect(rows).toEqual([
      [agentNo, { what: 'aor', dependentNo: null, reference: null }],
      [agentNo, { what: 'aor', dependentNo: dependent.dependent_no, reference: null }],
    ]);
    // No health data in the audit: not the representative, not the birth date.
    const aor = ofDependent.json<AorRecord[]>()[0]!;
    expect(JSON.stringify(rows)).not.toContain(aor.representativeName);
    expect(JSON.stringify(rows)).not.toContain(aor.memberDOB);
    const audit = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/portal/v1/organizations/${dependent.organization_no}/employees/${dependent.employee_no}/read-audit?limit=2`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json<MemberReadAuditPage>().data.map((r) => [r.what, r.dependentNo])).toEqual([
      ['aor', dependent.dependent_no],
      ['aor', null],
    ]);
  });

  it('writes no audit row for a refused AOR read (403, 404 outside scope, 404 not the dependent)', async () => {
    const row = (await seededAors()).find((r) => r.dependent_no !== null)!;
    const url = `/comm-manager/aorSignature?memberID=${row.member_id}&orgID=${row.organization_no}&employeeNo=${row.employee_no}`;
    const reads = await watchMemberReads(t, row.employee_no);
    expect((await t.injectAs(narrowAgent, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs('accountManager', { method: 'GET', url })).statusCode).toBe(403);
    const wrongOrg = url.replace(`orgID=${row.organization_no}`, `orgID=${narrowOrg}`);
    expect((await t.injectAs('agent', { method: 'GET', url: wrongOrg })).statusCode).toBe(404);
    // A dependent that is not this member's: 404 'Dependent', nothing read.
    const notTheirs = await t.injectAs('agent', {
      method: 'GET',
      url: `${url}&dependentNo=2147483647`,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(await reads.added()).toEqual([]);
  });

  it('answers 400 naming each missing identifier (spec 2 §5)', async () => {
    const full = { memberID: 'PLR-1', orgID: String(cedar), employeeNo: '1' };
    for (const field of ['memberID', 'orgID', 'employeeNo'] as const) {
      const query = new URLSearchParams(Object.entries(full).filter(([k]) => k !== field));
      const response = await t.injectAs('agent', {
        method: 'GET',
        url: `/comm-manager/aorSignature?${query.toString()}`,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.body).toContain(`${field} is required`);
    }
    const bad = await t.injectAs('agent', {
      method: 'GET',
      url: `/comm-manager/aorSignature?memberID=PLR%201&orgID=${cedar}&employeeNo=1`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('memberID may contain only letters, digits and hyphens');
  });

  it('answers 404 for a member outside scope or not of the organization, 403 without the agent permission', async () => {
    const row = (await seededAors())[0]!;
    const url = `/comm-manager/aorSignature?memberID=${row.member_id}&orgID=${row.organization_no}&employeeNo=${row.employee_no}`;
    const outside = await t.injectAs(narrowAgent, { method: 'GET', url });
    expect(outside.statusCode).toBe(404);
    const wrongOrg = await t.injectAs('agent', {
      method: 'GET',
      url: `/comm-manager/aorSignature?memberID=${row.member_id}&orgID=${narrowOrg}&employeeNo=${row.employee_no}`,
    });
    expect(wrongOrg.statusCode).toBe(404);
    // The member viewer does not read AORs: the comm-manager is the agent's.
    const memberViewer = await t.injectAs('accountManager', { method: 'GET', url });
    expect(memberViewer.statusCode).toBe(403);
    const clinician = await t.injectAs('clinician', { method: 'GET', url });
    expect(clinician.statusCode).toBe(403);
  });
});
