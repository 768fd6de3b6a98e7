// `npm run generate` rewrites every committed generated file from its source; `--check` (run by `npm test`) only
// compares, and fails naming the files that drifted. Both read the built workspaces, so `tsc -b` comes first.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

/** The engine README's catalogue tables, spliced between their markers and formatted as the repository's Prettier does. */
async function engineReadme() {
  const file = path.join(root, 'apps/engine/README.md');
  const { CATALOGUE_END, CATALOGUE_START, renderCatalogue } = await import(
    path.join(root, 'apps/engine/dist/catalogue-doc.js')
  );
  const current = await readFile(file, 'utf8');
  const start = current.indexOf(CATALOGUE_START);
  const end = current.indexOf(CATALOGUE_END);
  if (start === -1 || end === -1) throw new Error(`${file} lacks the catalogue markers`);
  const next = current.slice(0, start) + renderCatalogue() + current.slice(end + CATALOGUE_END.length);
  return { file, content: await format(next, { ...(await resolveConfig(file)), filepath: file }) };
}

/** The OpenAPI document, as the server's routes describe it. */
async function openApi() {
  const { generateOpenApiDocument, OPENAPI_FILE } = await import(
    path.join(root, 'apps/server/dist/openapi/openapi-document.js')
  );
  return { file: OPENAPI_FILE, content: await generateOpenApiDocument() };
}

const drifted = [];
for (const generate of [openApi, engineReadme]) {
  const { file, content } = await generate();
  const committed = await readFile(file, 'utf8').catch(() => '');
  if (committed === content) continue;
  const relative = path.relative(root, file);
  if (check) drifted.push(relative);
  else {
    await writeFile(file, content);
    process.stdout.write(`Wrote ${relative}\n`);
  }
}
if (drifted.length > 0) {
  process.stderr.write(`Out of date with their sources: ${drifted.join(', ')}. Run npm run generate and commit.\n`);
  process.exit(1);
}
if (check) process.stdout.write('Generated files are up to date.\n');
