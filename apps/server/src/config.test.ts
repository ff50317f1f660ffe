import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** The address a request is taken to come from, under a configuration's trustProxy. */
async function clientAddress(trustProxy: true | string, remoteAddress: string): Promise<string> {
  const app = Fastify({ trustProxy });
  app.get('/ip', (request) => ({ ip: request.ip }));
  const response = await app.inject({
    url: '/ip',
    remoteAddress,
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  await app.close();
  return response.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('trusts proxies on private networks by default, not a client on the internet', async () => {
    const { trustProxy } = loadConfig({});
    expect(trustProxy).toBe('loopback,linklocal,uniquelocal');
    // A load balancer on the private network tells the client's address...
    expect(await clientAddress(trustProxy, '10.1.2.3')).toBe('203.0.113.9');
    expect(await clientAddress(trustProxy, '127.0.0.1')).toBe('203.0.113.9');
    // ...a client reaching the server directly cannot choose one.
    expect(await clientAddress(trustProxy, '198.51.100.7')).toBe('198.51.100.7');
  });

  it('takes a list of addresses, or true for any hop', async () => {
    const listed = loadConfig({ TRUST_PROXY: '192.0.2.10' }).trustProxy;
    expect(await clientAddress(listed, '192.0.2.10')).toBe('203.0.113.9');
    expect(await clientAddress(listed, '10.1.2.3')).toBe('10.1.2.3');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});

describe('CRM_PROVIDER (decision 0114)', () => {
  it('is the built-in CRM by default', () => {
    expect(loadConfig({}).crm).toEqual({ provider: 'builtin', simulateOutage: false });
    expect(loadConfig({ CRM_SIMULATE_OUTAGE: 'true' }).crm.simulateOutage).toBe(true);
  });

  it('takes Salesforce with an access token, or a username and password with the security token appended', () => {
    const token = loadConfig({
      CRM_PROVIDER: 'salesforce',
      SALESFORCE_INSTANCE_URL: 'https://example.my.salesforce.com',
      SALESFORCE_ACCESS_TOKEN: 'tok',
    }).crm;
    expect(token).toMatchObject({
      provider: 'salesforce',
      salesforce: {
        loginUrl: 'https://login.salesforce.com',
        apiVersion: '62.0',
        instanceUrl: 'https://example.my.salesforce.com',
        accessToken: 'tok',
      },
    });
    const login = loadConfig({
      CRM_PROVIDER: 'salesforce',
      SALESFORCE_LOGIN_URL: 'https://test.salesforce.com/',
      SALESFORCE_USERNAME: 'fa@example.com',
      SALESFORCE_PASSWORD: 'pw',
      SALESFORCE_SECURITY_TOKEN: 'SEC',
    }).crm;
    expect(login).toMatchObject({
      provider: 'salesforce',
      salesforce: {
        loginUrl: 'https://test.salesforce.com',
        username: 'fa@example.com',
        password: 'pwSEC',
      },
    });
  });

  it('refuses Salesforce without a way to sign in, and a malformed API version', () => {
    expect(() => loadConfig({ CRM_PROVIDER: 'salesforce' })).toThrow(/SALESFORCE_ACCESS_TOKEN/u);
    expect(() =>
      loadConfig({ CRM_PROVIDER: 'salesforce', SALESFORCE_USERNAME: 'only-a-name' }),
    ).toThrow(/SALESFORCE_USERNAME and SALESFORCE_PASSWORD/u);
    expect(() => loadConfig({ SALESFORCE_API_VERSION: 'v62' })).toThrow(/SALESFORCE_API_VERSION/u);
  });
});
