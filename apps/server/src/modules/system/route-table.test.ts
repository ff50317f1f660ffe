import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOfRoles, satisfiesRule } from '@pillar/domain';
import Fastify from 'fastify';
import { accessControl, describeRule } from '../../platform/auth/access.ts';
import { createAccessTokenVerifier } from '../../platform/auth/access-token.ts';
import { PERSONAS, type Persona } from '../../seed/personas.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The eligibility import runs' routes (decision 0123) and the 834 export (0128): not the import schemas' rule. */
function isImportRunRoute(url: string): boolean {
  return (
    url.includes('/eligibility-import-runs') ||
    /\/eligibility-import-configs\/:eicNo\/runs$/.test(url) ||
    url.endsWith('/organizations/:orgId/eligibility-834') ||
    url.endsWith('/organizations/:orgId/eligibility-import-configs')
  );
}

/** A URL for a route pattern: every path parameter becomes 1. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, 'x');
}

function allows(
  persona: Persona,
  rule: Exclude<NonNullable<TestApp['app']['routeTable'][number]['access']>, string>,
) {
  if (rule.userTypes && !rule.userTypes.includes(persona.userType)) return false;
  if (rule.rxbAdmin && !persona.rxbAdmin) return false;
  return satisfiesRule(permissionsOfRoles(persona.roles), rule);
}

describe('route table', () => {
  it('has an access rule on every route', () => {
    const missing = t.app.routeTable.filter((route) => route.access === undefined);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(5);
  });

  it('refuses a route without a rule, whoever asks, and lists it as missing', async () => {
    const app = Fastify();
    await app.register(accessControl, {
      db: t.ctx.db,
      verifier: await createAccessTokenVerifier(t.config, t.ctx.secrets),
    });
    app.get('/forgotten', async () => ({ secret: true }));
    await app.ready();
    try {
      expect(app.routeTable.filter((r) => r.access === undefined).map((r) => r.url)).toEqual([
        '/forgotten',
      ]);
      const response = await app.inject({
        method: 'GET',
        url: '/forgotten',
        headers: { authorization: `Bearer ${await t.tokenFor('superAdmin')}` },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('exercises every permission rule with an allowed and a refused persona', async () => {
    const checked: string[] = [];
    for (const route of t.app.routeTable) {
      const rule = route.access;
      if (rule === undefined || rule === 'public' || route.method === 'HEAD') continue;
      const url = concrete(route.url);
      const method = route.method;
      if (rule === 'authenticated') {
        const anonymous = await t.app.inject({ method, url });
        expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
        const signedIn = await t.injectAs('client', { method, url });
        expect([401, 403], `${method} ${url} signed in`).not.toContain(signedIn.statusCode);
        checked.push(`${method} ${route.url}`);
        continue;
      }
      const allowed = PERSONAS.find((p) => allows(p, rule));
      const refused = PERSONAS.find((p) => !allows(p, rule));
      expect(
        allowed,
        `a persona allowed on ${method} ${route.url} (${describeRule(rule)})`,
      ).toBeDefined();
      expect(
        refused,
        `a persona refused on ${method} ${route.url} (${describeRule(rule)})`,
      ).toBeDefined();
      const yes = await t.injectAs(allowed!.key, { method, url });
      expect([401, 403], `${allowed!.key} on ${method} ${url}`).not.toContain(yes.statusCode);
      const no = await t.injectAs(refused!.key, { method, url });
      expect(no.statusCode, `${refused!.key} on ${method} ${url}`).toBe(403);
      checked.push(`${method} ${route.url}`);
    }
    expect(checked).toContain('GET /portal/v1/organizations');
    expect(checked).toContain('GET /authorization/v1/claims');
    // A member's pharmacy claims and PBM links: viewMember or agentViewMember (decision 0098).
    expect(checked).toContain('GET /portal/v1/organizations/:orgId/employees/:employeeId/claims');
    expect(checked).toContain(
      'GET /portal/v1/organizations/:orgId/employees/:employeeId/pbm-links',
    );
    expect(checked).toContain('POST /members-hub/v1/member/UpdateCommsPref');
    // The drug search: either clinical permission (decision 0106).
    expect(checked).toContain('GET /keystonefile/v1/drug-details');
    // Plan information (issue 12): agent or organization viewer, agent or member viewer, agent.
    expect(checked).toContain('GET /plans/v1/groupinfo/:orgId');
    expect(checked).toContain('GET /plans/v1/pbc');
    expect(checked).toContain('GET /comm-manager/aorSignature');
    // Call notes (issue 13, decision 0102): the Member Issues permission on every call.
    for (const route of [
      'GET /issues/v1/issueTypes',
      'POST /issues/v1/records',
      'GET /issues/v1/records/:issueNo',
      'GET /issues/v1/records/agents/:userNo',
      'GET /issues/v1/records/members/:employeeId',
      'POST /issues/v1/records/:issueNo/comments',
      'POST /issues/v1/records/:issueNo/email',
      'GET /issues/v1/:issueNo/v1/attachments/:fileId',
      'DELETE /issues/v1/:issueNo/v1/attachments/:fileId',
    ]) {
      expect(checked).toContain(route);
    }
    // Eligibility import runs (issue 17, decisions 0123, 0127): member edit (clients' and
    // brokers' Manage Eligibility, scope checked in SQL) or the internal data role's
    // eligibility-import permissions; every one went through the allowed/refused check above.
    const importRuns = t.app.routeTable.filter((r) => isImportRunRoute(r.url));
    expect(importRuns.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /eligibilityImportSchema/eligibility-import-configs/:eicNo/runs',
        'GET /eligibilityImportSchema/eligibility-import-configs/:eicNo/runs',
        'GET /eligibilityImportSchema/eligibility-import-runs/:runId',
        'GET /eligibilityImportSchema/eligibility-import-runs/:runId/changes',
        'GET /eligibilityImportSchema/eligibility-import-runs/:runId/rejected',
        'GET /eligibilityImportSchema/eligibility-import-runs/:runId/files/:file',
        'PUT /eligibilityImportSchema/eligibility-import-runs/:runId/selection',
        'POST /eligibilityImportSchema/eligibility-import-runs/:runId/apply',
        'GET /eligibilityImportSchema/organizations/:orgId/eligibility-834',
        'GET /eligibilityImportSchema/organizations/:orgId/eligibility-import-configs',
      ]),
    );
    for (const route of importRuns.filter((r) => r.method !== 'HEAD'))
      expect(checked).toContain(`${route.method} ${route.url}`);
    // Protect service (issue 14, decision 0107): clinicalView reads, clinicalEdit writes; the
    // clinician is allowed, a broker refused.
    const clinical = t.app.routeTable.filter((r) => r.url.startsWith('/protect/v1/'));
    expect(clinical.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /protect/v1/health-conditions',
        'POST /protect/v1/health-condition',
        'GET /protect/v1/health-condition/:id',
        'PUT /protect/v1/health-condition/:id',
        'GET /protect/v1/health-condition/:id/history',
        'GET /protect/v1/drug-conditions',
        'POST /protect/v1/drug-conditions',
        'DELETE /protect/v1/drug-conditions',
        'GET /protect/v1/intervention-lists',
        'POST /protect/v1/intervention-lists',
        'GET /protect/v1/intervention-list/:id',
        'GET /protect/v1/intervention-list/:id/history',
        'GET /protect/v1/intervention-list/:id/target-drugs',
        'POST /protect/v1/intervention-list/:id/target-drugs',
        'DELETE /protect/v1/intervention-list/:id/target-drug/:drugId',
        'PUT /protect/v1/intervention-list/:id/target-drug/:drugId/alternative-drugs',
        'GET /protect/v1/intervention-list/:id/pbms',
        'PUT /protect/v1/intervention-list/:id/pbms',
        'GET /protect/v1/intervention-list/:id/condition-settings',
        'PUT /protect/v1/intervention-list/:id/condition-settings',
        'GET /protect/v1/interventions',
        'POST /protect/v1/interventions',
      ]),
    );
    for (const route of clinical.filter((r) => r.method !== 'HEAD')) {
      expect(checked).toContain(`${route.method} ${route.url}`);
      const url = concrete(route.url);
      const clinician = await t.injectAs('clinician', { method: route.method, url });
      expect([401, 403], `clinician on ${route.method} ${url}`).not.toContain(clinician.statusCode);
      const broker = await t.injectAs('broker', { method: route.method, url });
      expect(broker.statusCode, `broker on ${route.method} ${url}`).toBe(403);
    }
    // Eligibility import schemas (issue 15, decision 0111): view reads, create creates and
    // clones, edit-own or edit-all writes, internal edit-all configures; the sample-file calls
    // need create or an edit permission. The data-mapping analyst is allowed, a broker refused.
    const importSchemas = t.app.routeTable.filter(
      (r) =>
        (r.url.startsWith('/eligibilityImportSchema') && !isImportRunRoute(r.url)) ||
        r.url === '/datamapping/v1/files' ||
        r.url.startsWith('/datamapping/v1/schemas/files/'),
    );
    expect(importSchemas.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /eligibilityImportSchema/eligibility-import-schemas',
        'GET /eligibilityImportSchema/eligibilityImportSchema/:id',
        'POST /eligibilityImportSchema',
        'PUT /eligibilityImportSchema/:no',
        'POST /eligibilityImportSchema/:no/clone',
        'GET /eligibilityImportSchema/:no/history',
        'GET /eligibilityImportSchema/:no/configs',
        'GET /eligibilityImportSchema/:no/files',
        'POST /eligibilityImportSchema/:no/file',
        'GET /eligibilityImportSchema/eligibility-import-file/file/:id',
        'DELETE /eligibilityImportSchema/eligibility-import-file/file/:id',
        'GET /eligibilityImportSchema/:no/comment',
        'POST /eligibilityImportSchema/:no/comment',
        'GET /eligibilityImportSchema/edi834-filenames',
        'GET /eligibilityImportSchema/edi834-filenames/:filename/fields',
        'GET /eligibilityImportSchema/eligibility-import-configs',
        'POST /eligibilityImportSchema/eligibility-import-configs',
        'PUT /eligibilityImportSchema/eligibility-import-configs/:eicNo',
        'POST /datamapping/v1/files',
        'POST /datamapping/v1/schemas/files/:fileStorageId',
      ]),
    );
    for (const route of importSchemas.filter((r) => r.method !== 'HEAD')) {
      expect(checked).toContain(`${route.method} ${route.url}`);
      const url = concrete(route.url);
      const analyst = await t.injectAs('dataMapper', { method: route.method, url });
      expect([401, 403], `dataMapper on ${route.method} ${url}`).not.toContain(analyst.statusCode);
      const broker = await t.injectAs('broker', { method: route.method, url });
      expect(broker.statusCode, `broker on ${route.method} ${url}`).toBe(403);
    }
    // Evaluate's incumbent parts (issue 18, decision 0115): internal rxbAdmin users with
    // eval-view-opp; the financial analyst is allowed, the account manager (no rxbAdmin) refused.
    const incumbentParts = [
      'GET /evaluate/v1/opps/:id/fees',
      'POST /evaluate/v1/opps/:id/fees',
      'GET /evaluate/v1/opps/:id/credits',
      'POST /evaluate/v1/opps/:id/credits',
      'GET /evaluate/v1/opps/:id/insights',
      'POST /evaluate/v1/opps/:id/insights',
      'PUT /evaluate/v1/opps/:id/insights/:insightId',
      'DELETE /evaluate/v1/opps/:id/insights/:insightId',
      'GET /evaluate/v1/opps/:id/incumbentAggregates',
      'POST /evaluate/v1/opps/:id/incumbentAggregates',
      'GET /evaluate/v1/opps/:id/contacts',
      'POST /evaluate/v1/opps/:id/contacts',
      'GET /evaluate/v1/opps/:id/incumbentRenewal',
      'POST /evaluate/v1/opps/:id/incumbentRenewal',
      'DELETE /evaluate/v1/opps/:id/incumbentRenewal',
      'GET /evaluate/v1/opps/:id/pricing/fees',
      'POST /evaluate/v1/opps/:id/pricing/fees',
      'GET /evaluate/v1/opps/:id/pricing/credits',
      'POST /evaluate/v1/opps/:id/pricing/credits',
      'GET /evaluate/v1/opps/:id/pricing/insights',
      'POST /evaluate/v1/opps/:id/pricing/insights',
    ];
    for (const route of incumbentParts) {
      expect(checked).toContain(route);
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const url = concrete(pattern);
      const analyst = await t.injectAs('financialAnalyst', { method, url });
      expect([401, 403], `financialAnalyst on ${route}`).not.toContain(analyst.statusCode);
      const manager = await t.injectAs('accountManager', { method, url });
      expect(manager.statusCode, `accountManager on ${route}`).toBe(403);
    }
    // Evaluate's opportunities, contract, history and the CRM service (issue 18, decision 0114):
    // internal rxbAdmin users with eval-view-opp; a broker and the account manager refused.
    for (const route of [
      'GET /evaluate/v1/opps',
      'POST /evaluate/v1/opps',
      'POST /evaluate/v1/opps/sf-update',
      'GET /evaluate/v1/opps/:id',
      'GET /evaluate/v1/opps/:id/contract-info',
      'POST /evaluate/v1/opps/:id/contract-info',
      'GET /evaluate/v1/opps/:id/history',
      'GET /evaluate/v1/opps/:id/history/:part/:versionNo',
      // The PBM rate cards (issue 19, decision 0130): the same rule.
      'GET /evaluate/v1/rate-cards',
      'GET /evaluate/v1/rate-cards/:versionNo',
      'POST /evaluate/v1/rate-cards',
      // The administrator's price files (issue 19, decision 0147): the same rule.
      'GET /evaluate/v1/price-files',
      'POST /evaluate/v1/price-files',
      'POST /evaluate/v1/price-files/:priceFileNo/activate',
      'DELETE /evaluate/v1/price-files/:priceFileNo',
      // The financial analysis calls (issue 19, decision 0131): the same rule.
      'POST /evaluate/v1/opps/fa_jobs/:id',
      'GET /evaluate/v1/opps/fa_jobs/:id/:fileId',
      'GET /evaluate/v1/opps/:id/fa/:x/incumbentStats',
      'GET /evaluate/v1/opps/:id/fa/:x',
      'POST /evaluate/v1/opps/:id/fa/:x',
      'GET /evaluate/v1/opps/:id/fa/:x/explain',
      'GET /evaluate/v1/opps/:id/fa/:x/explain/claims',
      'GET /salesforce/v1/opportunities',
      'GET /salesforce/v1/opportunities/:id',
      // Claims workflow shares (decision 0144): sharing is an evaluate call, the same rule.
      'GET /evaluate/v1/opps/:id/shares',
      'POST /evaluate/v1/opps/:id/shares',
      'DELETE /evaluate/v1/opps/:id/shares/:userId',
      'GET /evaluate/v1/share-candidates',
    ]) {
      expect(checked).toContain(route);
      const [method, pattern] = route.split(' ') as ['GET' | 'POST', string];
      const url = concrete(pattern);
      const analyst = await t.injectAs('financialAnalyst', { method, url });
      expect([401, 403], `financialAnalyst on ${route}`).not.toContain(analyst.statusCode);
      for (const refused of ['accountManager', 'broker'] as const) {
        const no = await t.injectAs(refused, { method, url });
        expect(no.statusCode, `${refused} on ${route}`).toBe(403);
      }
    }
  });

  it('opens the shared claims calls to external users only, scoped by their shares (decision 0144)', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/shared-claims/v1/'));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /shared-claims/v1/opps',
        'GET /shared-claims/v1/opps/:id',
        'GET /shared-claims/v1/opps/:id/claims',
        'GET /shared-claims/v1/opps/:id/claims/:x',
        'POST /shared-claims/v1/opps/:id/accept-file',
        'POST /shared-claims/v1/opps/:id/claims',
        'POST /shared-claims/v1/opps/:id/claims-files/:x/mapping-source',
        'POST /shared-claims/v1/opps/:id/upload-file',
        // The Mapping stage's data-mapping calls, scoped to the opportunity's accepted file.
        'GET /shared-claims/v1/opps/:id/claims-files/:x/mapping/jobs/:jobId',
        'GET /shared-claims/v1/opps/:id/claims-files/:x/mapping/jobs/:jobId/completed',
        'GET /shared-claims/v1/opps/:id/claims-files/:x/mapping/read-schema',
        'GET /shared-claims/v1/opps/:id/transformations',
        'POST /shared-claims/v1/opps/:id/claims-files/:x/mapping/generated-template',
        'POST /shared-claims/v1/opps/:id/claims-files/:x/mapping/jobs',
        'POST /shared-claims/v1/opps/:id/claims-files/:x/mapping/templates',
        'PUT /shared-claims/v1/opps/:id/claims-files/:x/mapping/templates',
      ].sort(),
    );
    for (const route of routes) {
      const url = concrete(route.url);
      // No share of opportunity 1: past the rule (not 401/403), the scope answers 404 (a call
      // with a JSON body stops at its body first: claims-shares.test.ts and shared-mapping.test.ts
      // send one).
      const bodyless =
        !/accept-file$|\/claims$|\/templates$|\/jobs$/.test(route.url) || route.method === 'GET';
      for (const persona of ['broker', 'client'] as const) {
        const allowed = await t.injectAs(persona, { method: route.method, url });
        expect([401, 403], `${persona} on ${route.method} ${url}`).not.toContain(
          allowed.statusCode,
        );
        if (route.url !== '/shared-claims/v1/opps' && bodyless)
          expect(allowed.statusCode, `${persona} on ${route.method} ${url}`).toBe(404);
      }
      for (const persona of ['superAdmin', 'financialAnalyst'] as const) {
        const refused = await t.injectAs(persona, { method: route.method, url });
        expect(refused.statusCode, `${persona} on ${route.method} ${url}`).toBe(403);
      }
    }
  });

  it('opens the transformation calls to either data mapper permission (decision 0118)', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/datamapping/v1/transformations') && r.method !== 'HEAD',
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /datamapping/v1/transformations',
      'GET /datamapping/v1/transformations/:id',
      'POST /datamapping/v1/transformations',
      'POST /datamapping/v1/transformations/generator',
      'POST /datamapping/v1/transformations/test',
      'PUT /datamapping/v1/transformations',
    ]);
    for (const route of routes) {
      const url = concrete(route.url);
      // The data mapper (transformation admin) and the financial analyst (eval-data-mapper).
      for (const persona of ['dataMapper', 'financialAnalyst'] as const) {
        const allowed = await t.injectAs(persona, { method: route.method, url });
        expect([401, 403], `${persona} on ${route.method} ${url}`).not.toContain(
          allowed.statusCode,
        );
      }
      for (const persona of ['clinician', 'broker'] as const) {
        const refused = await t.injectAs(persona, { method: route.method, url });
        expect(refused.statusCode, `${persona} on ${route.method} ${url}`).toBe(403);
      }
    }
  });

  it('opens the 834 layout calls to whoever maps a file (decision 0119)', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        (r.url === '/datamapping/v1/edi834' || r.url === '/datamapping/v1/schemas/edisegments') &&
        r.method !== 'HEAD',
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /datamapping/v1/edi834',
      'GET /datamapping/v1/schemas/edisegments',
    ]);
    for (const route of routes) {
      // The data mapper (import view, transformation admin) and the financial analyst
      // (eval-data-mapper) read the layout; a broker does not map files.
      for (const persona of ['dataMapper', 'financialAnalyst'] as const) {
        const allowed = await t.injectAs(persona, { method: route.method, url: route.url });
        expect(allowed.statusCode, `${persona} on ${route.method} ${route.url}`).toBe(200);
      }
      const refused = await t.injectAs('broker', { method: route.method, url: route.url });
      expect(refused.statusCode, `broker on ${route.method} ${route.url}`).toBe(403);
    }
  });

  it('opens the schemas, templates and jobs to import schema editors and data mappers (decision 0120)', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        /^\/datamapping\/v1\/(schemas|templates|jobs)/.test(r.url) &&
        !r.url.startsWith('/datamapping/v1/schemas/files/') &&
        r.url !== '/datamapping/v1/schemas/edisegments' &&
        r.method !== 'HEAD',
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /datamapping/v1/jobs/:id',
      'GET /datamapping/v1/jobs/:id/output',
      'GET /datamapping/v1/jobs/completed/:id',
      'GET /datamapping/v1/schemas/:id',
      'GET /datamapping/v1/schemas/write',
      'GET /datamapping/v1/templates/:id',
      'GET /datamapping/v1/templates/:id/jobs',
      'GET /datamapping/v1/templates/transformations/:id',
      'POST /datamapping/v1/jobs',
      'POST /datamapping/v1/schemas',
      'POST /datamapping/v1/schemas/definition/:id',
      'POST /datamapping/v1/templates',
      'POST /datamapping/v1/templates/:id',
      'POST /datamapping/v1/templates/schemas/:readId/:writeId',
      'PUT /datamapping/v1/templates',
    ]);
    for (const route of routes) {
      const url = concrete(route.url);
      for (const persona of ['dataMapper', 'financialAnalyst'] as const) {
        const allowed = await t.injectAs(persona, { method: route.method, url });
        expect([401, 403], `${persona} on ${route.method} ${url}`).not.toContain(
          allowed.statusCode,
        );
      }
      for (const persona of ['clinician', 'broker'] as const) {
        const refused = await t.injectAs(persona, { method: route.method, url });
        expect(refused.statusCode, `${persona} on ${route.method} ${url}`).toBe(403);
      }
    }
  });
});
