// `npm test`: every test, in the order that fails fastest: types and lint, unit and API tests,
// then the browser tests against the built app.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.ts';
import { ROOT, ensureWebBuild } from './web-build.ts';

const timings: string[] = [];

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  timings.push(`  ${title}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
}

step('Type check', 'npm', ['run', 'typecheck']);
step('Lint', 'npm', ['run', 'lint']);
step('Unit and API tests', 'npm', ['run', 'test:unit']);
ensureChromium();
ensureWebBuild();
step('Browser tests', 'npm', ['run', 'test:e2e']);
console.log(`\nStep times:\n${timings.join('\n')}`);
