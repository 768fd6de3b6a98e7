import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_END, CATALOGUE_START, renderCatalogue } from './catalogue-doc.js';

/** The README's catalogue tables are generated; this fails when they drift. `UPDATE_README=1` rewrites them. */
const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));

async function expected(current: string): Promise<string> {
  const start = current.indexOf(CATALOGUE_START);
  const end = current.indexOf(CATALOGUE_END);
  if (start === -1 || end === -1) throw new Error('README.md lacks the catalogue markers');
  const next = current.slice(0, start) + renderCatalogue() + current.slice(end + CATALOGUE_END.length);
  const config = await resolveConfig(readmePath);
  return format(next, { ...config, filepath: readmePath });
}

describe('README catalogue', () => {
  it('matches the catalogue', async () => {
    const current = await readFile(readmePath, 'utf8');
    const wanted = await expected(current);
    if (process.env.UPDATE_README === '1') await writeFile(readmePath, wanted);
    else expect(current).toBe(wanted);
  });
});
