// `npm run test:e2e`: the browser tests against a real server of their own.
//
// One server serves the whole run: it listens on a free port on 127.0.0.1 and keeps its embedded
// database and generated secrets in a fresh temporary DATA_DIR, so every run starts from the same
// seeded demo data and never touches ./data. The server is stopped and the directory removed
// whatever happens, and the process exits with Playwright's status.
//
// Arguments are handed to `playwright test`, e.g. `npm run test:e2e -- specs/auth.spec.ts`
// or `npm run test:e2e -- --grep "deep link"`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ensureWebBuild } from '../scripts/web-build.ts';

const E2E_DIR = path.join(ROOT, 'e2e');
const RESULTS_DIR = path.join(E2E_DIR, 'test-results');
const SERVER_READY_TIMEOUT_MS = 120_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;
const LOCK_FILE = path.join(E2E_DIR, '.run.lock');

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One browser-test run at a time in a checkout: Playwright empties e2e/test-results when it
 * starts, which would delete the traces of a run in progress, and two suites at once on a
 * 2-core machine starve each other. A lock left by a run that died is taken over.
 */
async function acquireRunLock(): Promise<() => void> {
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(LOCK_FILE, String(process.pid), { flag: 'wx' });
      return () => {
        if (fs.readFileSync(LOCK_FILE, 'utf8') === String(process.pid)) fs.rmSync(LOCK_FILE);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(LOCK_FILE, 'utf8'));
    if (!Number.isInteger(holder) || holder <= 0 || !isRunning(holder)) {
      fs.rmSync(LOCK_FILE, { force: true });
      continue;
    }
    if (!announced) {
      console.log(`Waiting for another browser-test run to finish (pid ${holder})…`);
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * A private copy of the built web app for this run. apps/web/dist is shared with everyone
 * working in the checkout, and a rebuild there mid-run replaces the hashed bundles the browser
 * has just been told to load. The copy is checked: every asset index.html names must be there.
 */
function snapshotWebBuild(target: string): void {
  const source = path.join(ROOT, 'apps/web/dist');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    fs.rmSync(target, { recursive: true, force: true });
    try {
      fs.cpSync(source, target, { recursive: true });
      const index = fs.readFileSync(path.join(target, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((asset) => fs.existsSync(path.join(target, asset)))) {
        return;
      }
    } catch {
      // A build was rewriting the folder while we copied it.
    }
    ensureWebBuild();
  }
  throw new Error(`Could not take a consistent copy of ${source}`);
}

/**
 * The server's environment: only what a process needs to run, plus the run's own settings.
 * Nothing else of the caller's shell reaches it, so a DATABASE_URL, STORAGE_URL, SMTP_URL or
 * OIDC_ISSUER set for other work can never point the tests at a real database, bucket, mail
 * server or identity provider, and every other setting (session timeouts, lockout, TTLs) is the
 * documented default the tests are written against.
 */
function serverEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const kept = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT'];
  const env: NodeJS.ProcessEnv = {};
  for (const name of kept) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...settings };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let serverExited = false;
  void exited(server).then(() => (serverExited = true));
  while (Date.now() < deadline) {
    if (serverExited) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = (await response.json()) as { status?: string };
        if (body.status === 'ok') return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer ${baseUrl}/health within ${SERVER_READY_TIMEOUT_MS} ms`,
  );
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const stopped = await Promise.race([
    exited(server).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SERVER_STOP_TIMEOUT_MS)),
  ]);
  if (!stopped) {
    server.kill('SIGKILL');
    await exited(server);
  }
}

function printLog(logFile: string, heading: string): void {
  console.error(`\n----- ${heading} (${logFile}) -----`);
  try {
    console.error(fs.readFileSync(logFile, 'utf8'));
  } catch {
    console.error('(no server output)');
  }
  console.error('----- end of server output -----\n');
}

function runPlaywright(baseUrl: string, serverLog: string, args: string[]): Promise<number> {
  const require = createRequire(import.meta.url);
  const cli = require.resolve('@playwright/test/cli');
  const child = spawn(
    process.execPath,
    [cli, 'test', '--config', path.join(E2E_DIR, 'playwright.config.ts'), ...args],
    {
      cwd: E2E_DIR,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_SERVER_LOG: serverLog },
    },
  );
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const releaseLock = await acquireRunLock();
  try {
    return await runSuite();
  } finally {
    releaseLock();
  }
}

async function runSuite(): Promise<number> {
  ensureWebBuild();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const webDist = path.join(dataDir, 'web');
  snapshotWebBuild(webDist);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  console.log(`Starting the server on ${baseUrl} with fresh data in ${dataDir}`);
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts'), 'start'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: serverEnvironment({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PILLAR_ENV: 'demo',
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    }),
  });

  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    console.error(`\nReceived ${signal}; stopping the server.`);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    try {
      await waitForHealth(baseUrl, server);
    } catch (error) {
      console.error(`\n✖ ${(error as Error).message}`);
      printLog(logFile, 'server output');
      return 1;
    }
    console.log('The server is ready; running the browser tests.');
    const status = await runPlaywright(baseUrl, logFile, process.argv.slice(2));
    if (status !== 0 && !interrupted) {
      // The temporary directory is removed below; keep the log beside the screenshots.
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const kept = path.join(RESULTS_DIR, 'server.log');
      fs.copyFileSync(logFile, kept);
      console.error(`\nSome browser tests failed. The server log is kept at ${kept}`);
    }
    return status;
  } finally {
    await stopServer(server);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
