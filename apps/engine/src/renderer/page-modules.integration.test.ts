import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { PAGE_IMPORT_MAP } from './page-server.js';

const pageBuild = path.resolve(fileURLToPath(new URL('../../dist/browser/', import.meta.url)));
const SPECIFIERS = [/\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];

const mapped = (specifier: string) =>
  Object.keys(PAGE_IMPORT_MAP.imports).some((name) =>
    name.endsWith('/') ? specifier.startsWith(name) : specifier === name,
  );

/**
 * The page is plain ES modules in Chromium: a module name its import map lacks (the protocol package, zod) fails the
 * whole page, and every render test with it. This follows the compiled page (tsc -b) from main.js along its imports
 * and names any such module at once, without a browser.
 */
it('the page loads only its own modules and the packages of its import map', async () => {
  const unmapped: string[] = [];
  const seen = new Set<string>();
  const queue = [path.join(pageBuild, 'page/main.js')];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const pattern of SPECIFIERS) {
      for (const [, specifier = ''] of text.matchAll(pattern)) {
        if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
        else if (!mapped(specifier)) unmapped.push(`${path.relative(pageBuild, file)} imports ${specifier}`);
      }
    }
  }
  expect(seen.size).toBeGreaterThan(10);
  expect(unmapped).toEqual([]);
});
