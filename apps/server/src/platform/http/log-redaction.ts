import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = new Set([
  'ssn',
  'password',
  'token',
  'access_token',
  'id_token',
  'id_token_hint',
  'refresh_token',
  'code',
  'code_verifier',
  'client_secret',
  'state',
]);

/** Nine digits, with or without dashes: an SSN wherever it appears in a path or query. */
const SSN_PATTERN = /(?<!\d)\d{3}-?\d{2}-?\d{4}(?!\d)/g;

/** The URL as it may be logged: secret parameters masked, SSN-shaped numbers masked. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(SSN_PATTERN, '[redacted]');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  const safe = [...params.entries()].map(([key, value]) => {
    const masked = SECRET_PARAMS.has(key.toLowerCase().split('.').pop() ?? '')
      ? '[redacted]'
      : value.replace(SSN_PATTERN, '[redacted]');
    return `${encodeURIComponent(key)}=${encodeURIComponent(masked)}`;
  });
  return `${safePath}?${safe.join('&')}`;
}

/** Request serializer for pino: method, redacted URL and caller address; never headers. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
