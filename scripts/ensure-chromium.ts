import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests drive Debian's Chromium (nothing here downloads a browser). On a fresh
 * machine it is installed with apt, which needs root.
 */
export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  console.log('Chromium is missing; installing it with apt-get…');
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [command, ...rest] = asRoot ? args : ['sudo', '-n', ...args];
    const result = spawnSync(command!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0)
      throw new Error(
        `${args.join(' ')} failed; install Chromium (Debian package chromium) and run again`,
      );
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is still missing at ${CHROMIUM}`);
}
