import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

export interface LoadOptions {
  baseUrl: string;
  token: string;
  /** Request paths, sent in turn across all connections. */
  paths: readonly string[];
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Runs autocannon in this process against the server. autocannon's own summary has no p95, so
 * every response time (ms, sub-millisecond precision) is kept and the percentiles computed here.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const samples: number[] = [];
  const statusCodes: Record<string, number> = {};
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
          setupRequest: (request) => ({
            ...request,
            path: options.paths[next++ % options.paths.length]!,
          }),
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
    },
  );
  const result = await done;

  const sorted = Float64Array.from(samples).sort();
  const mean = samples.reduce((sum, ms) => sum + ms, 0) / (samples.length || 1);
  const durationSeconds = result.duration;
  return {
    requests: samples.length,
    durationSeconds: round(durationSeconds),
    requestsPerSecond: round(samples.length / durationSeconds),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      mean: round(mean),
      max: round(sorted[sorted.length - 1] ?? NaN),
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}
