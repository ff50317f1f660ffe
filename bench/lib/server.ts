import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

/** A port nobody listens on right now, on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Children still running, so a Ctrl-C or a failure can stop them. */
const running = new Set<ChildProcess>();
/** Set once clean-up began: nothing new may start after it. */
let closing = false;

/** Children write to our stderr, so stdout carries nothing but the JSON report. */
function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): ChildProcess {
  if (closing) throw new Error('the benchmark is stopping');
  const child = spawn(process.execPath, [...nodeArgs, MAIN, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  running.add(child);
  return child;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function stopChild(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  closing = true;
  await Promise.all([...running].map(stopChild));
}

/**
 * `main.ts seed --organizations N [--employees E]` in its own process; resolves with the seconds
 * it took.
 */
export async function seedOrganizations(
  env: NodeJS.ProcessEnv,
  count: number,
  employees?: number,
): Promise<number> {
  const started = performance.now();
  const args = ['seed', '--organizations', String(count)];
  if (employees !== undefined) args.push('--employees', String(employees));
  const child = spawnServer(args, env);
  const code = await exitOf(child);
  running.delete(child);
  if (code !== 0) throw new Error(`seeding failed (exit code ${code})`);
  return (performance.now() - started) / 1000;
}

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `main.ts api` and resolves once GET /health answers 200. */
export async function startApi(
  env: NodeJS.ProcessEnv,
  port: number,
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const child = spawnServer(['api'], env, options.nodeArgs);
  const baseUrl = `http://127.0.0.1:${port}`;
  let exited = false;
  void exitOf(child).then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited during start (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { pid: child.pid!, baseUrl, stop: () => stopChild(child) };
}

/**
 * Waits until requests still in flight when the load generator stopped have been answered: a
 * health check queues behind them. Keeps one scenario's tail out of the next one's figures, and
 * the server from being stopped mid-request.
 */
export async function settle(baseUrl: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Resident and peak resident memory of a process, in bytes, from /proc (Linux only). */
export function readMemory(pid: number): { rss: number; hwm: number } | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/** Polls a process's resident memory; `stop` returns the highest value seen, in bytes. */
export function watchRss(pid: number, intervalMs = 100): { stop(): number | undefined } {
  let peak: number | undefined;
  const sample = () => {
    const rss = readMemory(pid)?.rss;
    if (rss !== undefined && !Number.isNaN(rss)) peak = Math.max(peak ?? 0, rss);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
