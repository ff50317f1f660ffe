import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureApiClient, fileNameFromDisposition } from './api-client.ts';

describe('file names from Content-Disposition', () => {
  it('prefers the RFC 5987 filename*', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="plain.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
      ),
    ).toBe('résumé.pdf');
  });

  it('reads quoted and bare filenames', () => {
    expect(fileNameFromDisposition('attachment; filename="Invoice 12.pdf"')).toBe('Invoice 12.pdf');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
  });

  it('falls back when the header is missing', () => {
    expect(fileNameFromDisposition(null, 'file')).toBe('file');
  });
});

describe('a 401 from the API', () => {
  const services = {
    portal: 'https://api.example/portal/v1',
    authorization: 'https://api.example/authorization/v1',
  } as Parameters<typeof configureApiClient>[0]['services'];

  function fakeFetch(statuses: number[]) {
    const seen: { method: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push({
        method: String(init.method),
        authorization: new Headers(init.headers).get('Authorization'),
      });
      const status = statuses.shift() ?? 200;
      return new Response(
        status === 200 ? '{"ok":true}' : '{"status":401,"title":"Unauthorized"}',
        {
          status,
          headers: { 'content-type': 'application/json' },
        },
      );
    });
    return seen;
  }

  afterEach(() => vi.unstubAllGlobals());

  it('is sent once more with the renewed token when the session could be renewed', async () => {
    let token = 'old';
    const seen = fakeFetch([401, 200]);
    configureApiClient({
      services,
      getAccessToken: async () => token,
      onUnauthorized: async () => {
        token = 'renewed';
        return true;
      },
    });
    expect(await apiRequest('portal', '/x', { method: 'PUT', body: { a: 1 } })).toEqual({
      ok: true,
    });
    expect(seen).toEqual([
      { method: 'PUT', authorization: 'Bearer old' },
      { method: 'PUT', authorization: 'Bearer renewed' },
    ]);
  });

  it('reaches the caller as a 401 when the session could not be renewed, and is not repeated', async () => {
    const seen = fakeFetch([401, 401, 200]);
    const asked: string[] = [];
    configureApiClient({
      services,
      getAccessToken: async () => 'old',
      onUnauthorized: async (method) => {
        asked.push(method);
        return false;
      },
    });
    const failure = apiRequest('portal', '/x', { method: 'PUT', body: { a: 1 } });
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(asked).toEqual(['PUT']);
  });
});
