import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    organizations: 8,
    startJobs: true,
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('serves the runtime configuration without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      environment: string;
      services: Record<string, string>;
      oidc: { authority: string; extraQueryParams: Record<string, string> };
      session: { timeoutMs: number; internalTimeoutMs: number; warningMs: number };
    }>();
    expect(body.environment).toBe('demo');
    expect(body.services.portal).toBe('/portal/v1');
    expect(body.services.authorization).toBe('/authorization/v1');
    expect(body.oidc.authority).toBe('http://localhost:8080/oidc');
    expect(body.oidc.extraQueryParams.resource).toBe('urn:pillar:api');
    expect(body.session).toEqual({
      timeoutMs: 300_000,
      internalTimeoutMs: 3_600_000,
      warningMs: 120_000,
    });
  });

  it('publishes the OpenAPI document with every API route, and the browsable docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/portal/v1/organizations',
        '/portal/v1/organizations/{orgId}',
        '/authorization/v1/claims',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  // The API as reviewers see it: docs/openapi.json is written from the routes, so a change to a
  // path, a parameter or an answer shows in the diff. `npm run openapi` rewrites it.
  it('matches the checked-in OpenAPI document (docs/openapi.json)', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const current = `${JSON.stringify(json.json(), null, 2)}\n`;
    await expect(current, 'docs/openapi.json is stale: run `npm run openapi`').toMatchFileSnapshot(
      '../../../../../docs/openapi.json',
    );
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API paths with a problem, not the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/portal/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('never logs an SSN, a password or a token', async () => {
    const token = await t.tokenFor('superAdmin');
    logLines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/portal/v1/organizations?name=123-45-6789&password=hunter2&code=abc123def',
      headers: { authorization: `Bearer ${token}`, cookie: 'session=s3cr3t' },
    });
    const log = logLines.join('\n');
    expect(log).toContain('/portal/v1/organizations');
    for (const secret of ['123-45-6789', 'hunter2', 'abc123def', token, 's3cr3t']) {
      expect(log).not.toContain(secret);
    }
  });

  it('delivers mail through the job queue into the built-in outbox', async () => {
    const mailId = await t.ctx.mail.enqueue({
      to: ['ada@pillar.example'],
      subject: 'Welcome to Pillar',
      text: 'Hello Ada',
    });
    let status = 'queued';
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const row = await t.ctx.db
        .selectFrom('mail_outbox')
        .select(['status', 'transport'])
        .where('mail_id', '=', mailId)
        .executeTakeFirstOrThrow();
      status = row.status;
      if (status === 'sent') expect(row.transport).toBe('outbox');
    }
    expect(status).toBe('sent');
  });
});
