// Measures what the browser downloads for the first page: the entry chunk of the web build and
// every chunk it imports statically, plus, for a route, that page's lazy chunk and its static
// imports. Gzipped, as served. Run after `npm run build -w apps/web`:
//   node bench/web-bundle.ts [page-chunk-prefix ...]   e.g. home-page organizations-list-page
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(fileURLToPath(import.meta.url), '../../apps/web/dist');
const assets = path.join(dist, 'assets');
const BUDGET_KB = 250;

function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  // Static imports only: `import … from "./x.js"` and bare `import "./x.js"`; not `import("./x.js")`.
  const found = [
    ...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g),
  ];
  return found.map((m) => m[1]!);
}

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f))).length,
    0,
  ) / 1024;

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
const shell = closure(entry);
const report: Record<string, number> = { shell: Math.round(gzipKb(shell) * 10) / 10 };
const files = fs.readdirSync(assets);
for (const prefix of process.argv.slice(2).length ? process.argv.slice(2) : ['home-page']) {
  const page = files.find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  if (!page) throw new Error(`no chunk named ${prefix}-*.js`);
  const all = new Set([...shell, ...closure([page])]);
  report[prefix] = Math.round(gzipKb(all) * 10) / 10;
}
console.log(JSON.stringify({ budgetKb: BUDGET_KB, firstPageKb: report }, null, 2));
