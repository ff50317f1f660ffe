import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract, organizationsContracts } from '@pillar/domain';
import { configureApiClient } from './api-client.ts';
import { callApi, callDownload, contractPath } from './call-api.ts';

describe('callApi', () => {
  const services = {
    portal: 'https://api.example/portal/v1',
  } as Parameters<typeof configureApiClient>[0]['services'];

  function fakeFetch(answer: unknown) {
    const seen: { url: string; method: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({
        url,
        method: String(init.method),
        authorization: new Headers(init.headers).get('Authorization'),
      });
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    configureApiClient({
      services,
      getAccessToken: async () => 'token',
      onUnauthorized: async () => false,
    });
    return seen;
  }

  afterEach(() => vi.unstubAllGlobals());

  it("puts the contract's path parameters into its service's base URL", async () => {
    const seen = fakeFetch({ organizationNo: 12 });
    const answer = await callApi(organizationsContracts.get, { params: { orgId: 12 } });
    expect(answer).toEqual({ organizationNo: 12 });
    expect(seen).toEqual([
      {
        url: 'https://api.example/portal/v1/organizations/12',
        method: 'GET',
        authorization: 'Bearer token',
      },
    ]);
  });

  it('encodes the query, leaving out empty values', async () => {
    const seen = fakeFetch({ items: [], total: 0 });
    await callApi(organizationsContracts.search, {
      query: { name: 'Cedar & Pine', limit: 4, offset: 0, processStatus: undefined },
    });
    expect(seen[0]?.url).toBe(
      'https://api.example/portal/v1/organizations?name=Cedar+%26+Pine&limit=4&offset=0',
    );
  });

  it('encodes a parameter value and refuses a missing one', () => {
    expect(contractPath('/x/:id/y/:name', { id: 3, name: 'a/b' })).toBe('/x/3/y/a%2Fb');
    expect(() => contractPath('/x/:id', {})).toThrow(/parameter id/);
  });

  it('fetches a file answer with its suggested name, sending the body', async () => {
    const seen: { url: string; method: string; body: unknown; accept: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({
        url,
        method: String(init.method),
        body: JSON.parse(init.body as string),
        accept: new Headers(init.headers).get('Accept'),
      });
      return new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="card.pdf"; filename*=UTF-8''card%201.pdf`,
        },
      });
    });
    configureApiClient({
      services,
      getAccessToken: async () => 'token',
      onUnauthorized: async () => false,
    });
    const card = defineContract({
      method: 'POST',
      service: 'portal',
      path: '/cards/:cardNo',
      params: z.object({ cardNo: z.coerce.number() }),
      body: z.object({ copies: z.number() }),
      answer: z.unknown(),
      answerKind: 'file',
      access: 'authenticated',
      tags: ['test'],
      summary: 'A card',
    });
    const file = await callDownload(card, { params: { cardNo: 7 }, body: { copies: 2 } });
    expect(file.fileName).toBe('card 1.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(seen).toEqual([
      {
        url: 'https://api.example/portal/v1/cards/7',
        method: 'POST',
        body: { copies: 2 },
        accept: '*/*',
      },
    ]);
  });
  it("sends a multipart contract's FormData as is, with no JSON content type", async () => {
    const seen: { url: string; method: string; body: unknown; type: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({
        url,
        method: String(init.method),
        body: init.body,
        type: new Headers(init.headers).get('Content-Type'),
      });
      return new Response(JSON.stringify({ data: [] }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    configureApiClient({
      services,
      getAccessToken: async () => 'token',
      onUnauthorized: async () => false,
    });
    const upload = defineContract({
      method: 'POST',
      service: 'portal',
      path: '/uploads',
      bodyKind: 'multipart',
      answer: z.object({ data: z.array(z.string()) }),
      status: 201,
      access: 'authenticated',
      tags: ['test'],
      summary: 'An upload',
    });
    const form = new FormData();
    form.append('categoryId', '3');
    form.append('file', new Blob(['a,b']), 'a.csv');
    const answer = await callApi(upload, { body: form });
    expect(answer).toEqual({ data: [] });
    expect(seen).toEqual([
      { url: 'https://api.example/portal/v1/uploads', method: 'POST', body: form, type: null },
    ]);
    // The type check is the assertion: a multipart contract's body is a FormData, not an object.
    // @ts-expect-error the body is not a FormData
    const wrong = () => callApi(upload, { body: { categoryId: 3 } });
    expect(wrong).toBeTypeOf('function');
  });
});
