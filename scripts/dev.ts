// `npm run dev`: the server (restarting on change) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';
import { ROOT } from './web-build.ts';

const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/main.ts', 'start'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
