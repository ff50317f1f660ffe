import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

/**
 * A request of the mix: a path to GET, or a method, a path, a JSON body and the statuses besides
 * 2xx that are a right answer to it (the screen shows 404 'PBC not available' as a message).
 */
export type LoadRequest =
  string | { method: 'GET' | 'POST'; path: string; body?: unknown; expect?: readonly number[] };

export interface LoadOptions {
  baseUrl: string;
  token: string;
  /** Requests, sent in turn across all connections. */
  paths: readonly LoadRequest[];
  connections: number;
  durationSeconds: number;
  /** Also give the figures of each call (`callTemplate`): for budgets set per call. */
  perCall?: boolean;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/** One call's share of a run: its requests, their latency and their status codes. */
export interface CallResult {
  requests: number;
  requestsPerSecond: number;
  latencyMs: Latency;
  non2xx: number;
  statusCodes: Record<string, number>;
}

export interface LoadResult {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: Latency;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses neither 2xx nor a status the request expects: what makes a run fail. */
  unexpected: number;
  statusCodes: Record<string, number>;
  /** With `perCall`: the figures of each call, by `callTemplate`, in the order first sent. */
  calls?: Record<string, CallResult>;
}

/**
 * The call a request makes: its method and path, numbers in the path as {n}, no query string
 * ("GET /portal/v1/organizations/{n}/employees/{n}/coverages").
 */
export function callTemplate(request: LoadRequest): string {
  const { method, path } = typeof request === 'string' ? { method: 'GET', path: request } : request;
  const bare = path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/{n}');
  return `${method} ${bare}`;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function latencyOf(samples: readonly number[]): Latency {
  const sorted = Float64Array.from(samples).sort();
  const mean = samples.reduce((sum, ms) => sum + ms, 0) / (samples.length || 1);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(mean),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

const isNon2xx = (status: number) => status < 200 || status > 299;

function isUnexpected(request: LoadRequest | undefined, status: number): boolean {
  if (!isNon2xx(status)) return false;
  return typeof request === 'string' || !request?.expect?.includes(status);
}

/** The request autocannon sends for one of the mix. */
function toAutocannon(request: LoadRequest, base: autocannon.Request): autocannon.Request {
  if (typeof request === 'string') return { ...base, path: request };
  return {
    ...base,
    method: request.method,
    path: request.path,
    ...(request.body === undefined
      ? {}
      : {
          body: JSON.stringify(request.body),
          headers: { ...base.headers, 'content-type': 'application/json' },
        }),
  };
}

/**
 * Runs autocannon in this process against the server. autocannon's own summary has no p95, so
 * every response time (ms, sub-millisecond precision) is kept and the percentiles computed here.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const samples: number[] = [];
  const statusCodes: Record<string, number> = {};
  const templates = options.perCall ? options.paths.map(callTemplate) : [];
  const byCall = new Map<string, { samples: number[]; statusCodes: Record<string, number> }>();
  for (const template of templates) {
    if (!byCall.has(template)) byCall.set(template, { samples: [], statusCodes: {} });
  }
  // The index of the request a response answers: each connection has one request in flight
  // (no pipelining), its context holds that request's index, and autocannon calls `onResponse`
  // with the context just before it emits the 'response' event for the same response.
  let answered = -1;
  let unexpected = 0;
  let finished!: (result: autocannon.Result) => void;
  let failed!: (error: Error) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: options.baseUrl,
      connections: options.connections,
      duration: options.durationSeconds,
      headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
      requests: [
        {
          method: 'GET',
          setupRequest: (request, context: { index?: number }) => {
            const index = next++ % options.paths.length;
            context.index = index;
            return toAutocannon(options.paths[index]!, request);
          },
          onResponse: (_status, _body, context: { index?: number }) => {
            answered = context.index ?? -1;
          },
        },
      ],
    },
    (error, result) =>
      error ? failed(error instanceof Error ? error : new Error(String(error))) : finished(result),
  );
  // The typings omit the client argument autocannon passes first.
  (instance as EventEmitter).on(
    'response',
    (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      samples.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (isUnexpected(options.paths[answered], statusCode)) unexpected += 1;
      const template = templates[answered];
      answered = -1;
      const call = template === undefined ? undefined : byCall.get(template);
      if (call) {
        call.samples.push(responseTime);
        call.statusCodes[statusCode] = (call.statusCodes[statusCode] ?? 0) + 1;
      }
    },
  );
  const result = await done;

  const durationSeconds = result.duration;
  const calls: Record<string, CallResult> = {};
  for (const [template, call] of byCall) {
    calls[template] = {
      requests: call.samples.length,
      requestsPerSecond: round(call.samples.length / durationSeconds),
      latencyMs: latencyOf(call.samples),
      non2xx: Object.entries(call.statusCodes)
        .filter(([status]) => isNon2xx(Number(status)))
        .reduce((sum, [, n]) => sum + n, 0),
      statusCodes: call.statusCodes,
    };
  }
  return {
    requests: samples.length,
    durationSeconds: round(durationSeconds),
    requestsPerSecond: round(samples.length / durationSeconds),
    latencyMs: latencyOf(samples),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    unexpected,
    statusCodes,
    ...(options.perCall ? { calls } : {}),
  };
}
