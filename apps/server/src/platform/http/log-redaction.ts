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

/**
 * Who a member is: the agent desktop's lookups (msr-search, prior authorization, confidentiality,
 * AOR) and the member searches name a person in the query. Names, birth dates, member IDs and
 * contact details are health data's identifiers, so a log line keeps the parameter and drops the
 * value. Compared lower-cased, so `firstName`, `firstname` and `FirstName` are one key.
 */
const PERSON_PARAMS = new Set([
  'firstname',
  'lastname',
  'birthdate',
  'dateofbirth',
  'dob',
  'memberid',
  'alternateid',
  'generatedid',
  'clientid',
  'zipcode',
  'email',
  'emailaddress',
  'recipientemail',
  'phone',
  'phonenumber',
  // An issue attachment's name (call notes): often a member's name ('J Smith claim.pdf').
  'filename',
]);

/** Nine digits, with or without dashes: an SSN wherever it appears in a path or query. */
const SSN_PATTERN = /(?<!\d)\d{3}-?\d{2}-?\d{4}(?!\d)/g;

/**
 * Path segments that are credentials: the segment after one of these is a link token (password
 * reset and invitation links, e-mailed temp ID card links, the web page such a link opens) or a
 * sign-in in progress at the identity provider.
 */
const TOKEN_AFTER = new Set(['reset', 'temp-id-cards', 'id-card', 'interaction']);

/** Words in kebab, snake or camel case, maybe with a file extension: a route name, not a secret. */
const WORDS = /^[A-Za-z][a-z]*(?:[-_]?[A-Z]?[a-z]+)*(?:\.[a-z0-9]{1,5})?$/;

/**
 * A segment that looks like a random credential: 16 or more characters of base64url, hex or a
 * UUID that are not plain words. Catches tokens on paths nobody listed above, such as the
 * provider's interaction ids.
 */
function looksSecret(segment: string): boolean {
  return segment.length >= 16 && /^[A-Za-z0-9_~.=%+-]+$/.test(segment) && !WORDS.test(segment);
}

function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) =>
      (i > 0 && TOKEN_AFTER.has(segments[i - 1]!) && segment !== '') || looksSecret(segment)
        ? '[redacted]'
        : segment.replace(SSN_PATTERN, '[redacted]'),
    )
    .join('/');
}

/**
 * The URL as it may be logged: link tokens and secret-looking path segments masked, secret
 * parameters masked, SSN-shaped numbers masked.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = redactPath(path);
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  const safe = [...params.entries()].map(([key, value]) => {
    const name = key.toLowerCase().split('.').pop() ?? '';
    const masked =
      SECRET_PARAMS.has(name) || PERSON_PARAMS.has(name)
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
