// Child processes of the scaling test (scripts/scaling-test.ts): `main.ts` sub-commands on free
// ports, each wait bounded, and every child stopped however the test ends.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

const children = new Set<ChildProcess>();

/** A port nobody listens on right now, on the loopback interface. */
export function freePort(): Promise<number> {
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

export interface Child {
  name: string;
  process: ChildProcess;
  /** What the child wrote, for the report when a case fails. */
  output: string[];
}

/** `node apps/server/src/main.ts <args>`; its output is kept, not shown, unless it fails. */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, process: child, output };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves with the exit code, or rejects once `timeoutMs` has passed. */
export function waitForExit(child: Child, timeoutMs: number): Promise<number | null> {
  if (exited(child.process)) return Promise.resolve(child.process.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${child.name} did not finish within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.process.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Polls GET {baseUrl}/health until it answers 200, the child exits, or the time is up. */
export async function waitForHealth(child: Child, baseUrl: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited(child.process)) {
      throw new Error(`${child.name} exited during start (code ${child.process.exitCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`${child.name} did not answer /health within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM to every child still running, SIGKILL to any still there after `graceMs`. */
export async function stopAll(graceMs = 10_000): Promise<void> {
  const running = [...children].filter((child) => !exited(child));
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Last resort when our own process is ending: children must not outlive it. */
export function killAllNow(): void {
  for (const child of children) if (!exited(child)) child.kill('SIGKILL');
}
