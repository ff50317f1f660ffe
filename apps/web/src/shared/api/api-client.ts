import { type RuntimeConfig, type ServiceName } from '../config/runtime-config.ts';
import { ApiError } from './api-error.ts';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

interface ApiClientSetup {
  services: RuntimeConfig['services'];
  getAccessToken: () => Promise<string | null>;
  /**
   * Called on a 401: answers true when a fresh token is there (renewed with the refresh token),
   * and the request is sent once more; false leaves the 401 to the caller.
   */
  onUnauthorized: (method: string) => Promise<boolean>;
}

let setup: ApiClientSetup | null = null;

/** Wired once by the app shell, after the runtime config and the auth provider exist. */
export function configureApiClient(value: ApiClientSetup): void {
  setup = value;
}

function requireSetup(): ApiClientSetup {
  if (!setup) throw new Error('The API client is used before configureApiClient was called');
  return setup;
}

/** Base URL of a service plus a path and query; the base comes from /config.json. */
export function serviceUrl(service: ServiceName, path: string, query?: QueryParams): string {
  const base = requireSetup().services[service].replace(/\/$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

async function send(
  service: ServiceName,
  path: string,
  options: RequestOptions,
  retried = false,
): Promise<Response> {
  const { getAccessToken, onUnauthorized } = requireSetup();
  const token = await getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // The spec's rule: POST when there is a body, GET otherwise, unless the call says.
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const response = await fetch(serviceUrl(service, path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
  });
  if (response.ok) return response;
  // The server did nothing with a 401, so the same request can go again with a renewed token.
  if (response.status === 401 && !retried && (await onUnauthorized(method))) {
    return send(service, path, options, true);
  }
  throw await toApiError(response);
}

async function toApiError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const problem = (await response.json()) as Partial<ApiError>;
      return new ApiError({
        status: typeof problem.status === 'number' ? problem.status : response.status,
        title: problem.title ?? response.statusText,
        detail: problem.detail,
        params: problem.params,
      });
    } catch {
      // A body that claims JSON but is not: fall through to the status line.
    }
  }
  return new ApiError({ status: response.status, title: response.statusText || 'Error' });
}

/** Calls a service and parses its JSON answer (undefined for 204). */
export async function apiRequest<T>(
  service: ServiceName,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(service, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name a server suggests in Content-Disposition (RFC 6266, filename* preferred). */
export function fileNameFromDisposition(header: string | null, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed percent-encoding: use the plain filename parameter instead.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : fallback;
}

/** Fetches a file (report, export, upload) with the bearer token. */
export async function apiDownload(
  service: ServiceName,
  path: string,
  options: RequestOptions = {},
): Promise<DownloadedFile> {
  const response = await send(service, path, {
    ...options,
    headers: { Accept: '*/*', ...options.headers },
  });
  const blob = await response.blob();
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
