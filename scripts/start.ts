// `npm start`: the whole portal on http://localhost:8080, embedded database and demo data.
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();
process.argv = [process.argv[0]!, 'main.ts', 'start', ...process.argv.slice(2)];
await import('../apps/server/src/main.ts');
