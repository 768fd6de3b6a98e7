// `npm run bench`: every benchmark, one after the other (two cores: never two at once).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = [
  'list-bench.mjs',
  'engine-bench.mjs',
  'relay-bench.mjs',
  'stream-bench.mjs',
  'render-bench.mjs',
  'matrix-bench.mjs',
];
for (const bench of benches) {
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, bench)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
