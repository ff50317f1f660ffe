import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract, organizationsContracts } from '@pillar/domain';
import { callApi, callDownload, contractPath } from './call-api.ts';
import { fakeApi, type FakeRequest } from './fake-api.ts';

/** Each request's URL, method and body, and one of its headers under the given name. */
function sentWith(seen: FakeRequest[], name: string, header: string) {
  return seen.map(({ url, method, body, headers }) => ({
    url,
    method,
    body,
    [name]: headers.get(header),
  }));
}

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the contract's path parameters into its service's base URL", async () => {
    const seen = fakeApi({ organizationNo: 12 });
    const answer = await callApi(organizationsContracts.get, { params: { orgId: 12 } });
    expect(answer).toEqual({ organizationNo: 12 });
    const sent = seen.map(({ url, method, headers }) => ({
      url,
      method,
      authorization: headers.get('Authorization'),
    }));
    expect(sent).toEqual([
      {
        url: 'https://api.example/portal/v1/organizations/12',
        method: 'GET',
        authorization: 'Bearer token',
      },
    ]);
  });

  it('encodes the query, leaving out empty values', async () => {
    const seen = fakeApi({ items: [], total: 0 });
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
    const seen = fakeApi('%PDF-1.7', {
      contentType: 'application/pdf',
      headers: {
        'content-disposition': `attachment; filename="card.pdf"; filename*=UTF-8''card%201.pdf`,
      },
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
    expect(sentWith(seen, 'accept', 'Accept')).toEqual([
      {
        url: 'https://api.example/portal/v1/cards/7',
        method: 'POST',
        body: { copies: 2 },
        accept: '*/*',
      },
    ]);
  });
  it("sends a multipart contract's FormData as is, with no JSON content type", async () => {
    const seen = fakeApi({ data: [] }, { status: 201 });
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
    expect(sentWith(seen, 'type', 'Content-Type')).toEqual([
      { url: 'https://api.example/portal/v1/uploads', method: 'POST', body: form, type: null },
    ]);
    // The type check is the assertion: a multipart contract's body is a FormData, not an object.
    // @ts-expect-error the body is not a FormData
    const wrong = () => callApi(upload, { body: { categoryId: 3 } });
    expect(wrong).toBeTypeOf('function');
  });
});
