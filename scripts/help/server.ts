// A Pillar server of the generation's own: fresh demo data in a temporary DATA_DIR, a free
// port on 127.0.0.1, the current web build. Stopped and removed by stop(), whatever happens.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface GenerationServer {
  baseUrl: string;
  stop(): Promise<void>;
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

export async function startServer(root: string): Promise<GenerationServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-help-'));
  const webDist = path.join(dataDir, 'web');
  // A copy, so a rebuild in the checkout cannot swap the bundles under a running recording.
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts'), 'start'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // The screens in the guides are the product's own; the environment badge says DEMO.
      PILLAR_ENV: 'demo',
      PEN_TEST: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SESSION_TIMEOUT_MS: '300000',
      INTERNAL_SESSION_TIMEOUT_MS: '3600000',
      INACTIVITY_WARNING_MS: '120000',
    },
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited(server);
      clearTimeout(timer);
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  let gone = false;
  void exited(server).then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) break;
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  await stop();
  throw new Error(`The generation server did not start:\n${output}`);
}
