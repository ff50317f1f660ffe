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
