import { vi } from 'vitest';
import { API_SERVICES, type ServiceName } from '@pillar/domain';
import { configureApiClient } from './api-client.ts';

/**
 * Test-only: a fake API for the web's call tests, never imported by the app. It stubs the global
 * fetch (undo it with vi.unstubAllGlobals), configures the API client with every service of
 * API_SERVICES at https://api.example<base> and the token 'token', answers each request with the
 * given body, status, content type and headers, and records what was sent.
 */

export interface FakeRequest {
  url: string;
  method: string;
  /** The JSON body parsed, a FormData as sent, or undefined when there was none. */
  body: unknown;
  headers: Headers;
}

export interface FakeAnswer {
  status?: number;
  /** 'application/json' (the body is serialized) unless told; any other type sends it as is. */
  contentType?: string;
  headers?: Record<string, string>;
}

export type FakeRequests = FakeRequest[] & {
  /** Each request's URL. */
  urls: () => string[];
  /** Each request as "METHOD url". */
  lines: () => string[];
};

export const FAKE_SERVICES = Object.fromEntries(
  Object.entries(API_SERVICES).map(([name, base]) => [name, `https://api.example${base}`]),
) as Record<ServiceName, string>;

function parsed(body: RequestInit['body']): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Stubs fetch to answer `answer` every time and returns the requests as they are sent. */
export function fakeApi(answer: unknown = null, options: FakeAnswer = {}): FakeRequests {
  const { status = 200, contentType = 'application/json', headers = {} } = options;
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      body: parsed(init.body),
      headers: new Headers(init.headers),
    });
    if (status === 204) return new Response(null, { status });
    const body = contentType === 'application/json' ? JSON.stringify(answer) : (answer as BodyInit);
    return new Response(body, { status, headers: { 'content-type': contentType, ...headers } });
  });
  configureApiClient({
    services: FAKE_SERVICES,
    getAccessToken: async () => 'token',
    onUnauthorized: async () => false,
  });
  return Object.assign(requests, {
    urls: () => requests.map((r) => r.url),
    lines: () => requests.map((r) => `${r.method} ${r.url}`),
  });
}
