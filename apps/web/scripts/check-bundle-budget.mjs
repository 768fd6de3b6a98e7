// The JavaScript a route costs on a first visit: the entry and every chunk it imports statically, plus the route's
// lazy page chunk and its static imports; each file gzipped, as the browser receives it. Reads the manifest of the
// last `vite build` and fails (exit 1) when a route is over its budget, naming the heaviest chunks. A quick check
// after a build: it cannot see what the page imports dynamically once it runs, which the browser measure
// (e2e/tests/bundle-budget.spec.ts) counts too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The build to weigh: apps/web/dist, or the folder given (to compare another build).
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(webRoot, 'dist');

/**
 * Budgets in kB of gzipped JavaScript (issue 11, item 9; bundle-budgets.json, which e2e/tests/bundle-budget.spec.ts
 * holds the browser to as well), with the page chunk each route loads lazily.
 */
const budgets = JSON.parse(readFileSync(path.join(webRoot, 'bundle-budgets.json'), 'utf8'));
const ROUTES = [
  { path: '/login', page: null },
  { path: '/landing', page: 'src/app/routes/landing.tsx' },
  { path: '/home', page: 'src/app/routes/home.tsx' },
  { path: '/admin', page: 'src/app/routes/admin.tsx' },
].map((route) => ({ ...route, budgetKb: budgets[route.path] }));

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error(`No build manifest in ${dist}: run \`npm run build -w @autostudio/web\` first.`);
  process.exit(1);
}

/** Every JavaScript file the chunk named `key` brings with it before it runs (its static import closure). */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1000;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let over = 0;
for (const route of ROUTES) {
  const files = staticClosure(entry);
  if (route.page) staticClosure(route.page, files);
  const sizes = [...files].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
  const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
  const ok = total <= route.budgetKb;
  if (!ok) over += 1;
  const detail = sizes.map(({ file, kb }) => `${path.basename(file)} ${kb.toFixed(1)}`).join(', ');
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.path.padEnd(9)} ${total.toFixed(1)} kB of ${route.budgetKb} kB  (${detail})`,
  );
}
if (over > 0) {
  console.error(
    `${over} route(s) over their JavaScript budget (gzipped kB); see apps/web/scripts/check-bundle-budget.mjs.`,
  );
  process.exit(1);
}
