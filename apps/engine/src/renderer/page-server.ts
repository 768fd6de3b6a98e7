import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PageCache } from './page-cache.js';

/**
 * Serves the engine's page to its own Chromium over loopback: the compiled page modules, three.js and the path
 * tracer, and the engine's data folder (downloaded models, cached images). Nothing outside those roots is reachable.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.bin': 'application/octet-stream',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.hdr': 'application/octet-stream',
  '.ktx2': 'image/ktx2',
  '.wasm': 'application/wasm',
};

const require = createRequire(import.meta.url);
/** A package's folder: exports maps hide package.json, and each of these has its ES module build in build/. */
const packageRoot = (name: string, entry: string) => {
  const resolved = require.resolve(name);
  return resolved.slice(0, resolved.lastIndexOf(`${path.sep}${entry}${path.sep}`));
};
const threeRoot = packageRoot('three', 'build');
// The path tracer is only imported when a page path traces (a dynamic import), so an engine that never does
// loads neither library.
const pathTracerRoot = packageRoot('three-gpu-pathtracer', 'build');
const bvhRoot = packageRoot('three-mesh-bvh', 'build');
// The CC0 HDRIs the built-in environments light with; only this folder of the asset package is served.
const hdriRoot = path.join(path.dirname(require.resolve('@pmndrs/assets/package.json')), 'hdri');
/** The compiled page (tsc -b builds it) sits in the package's dist/browser, whether this runs from src or dist. */
const pageRoot = path.resolve(fileURLToPath(new URL('../../dist/browser/', import.meta.url)));

/** The page cache in `dir` for this build of the page: its modules, three's version and the HDRIs it lights with. */
export async function openPageCache(dir: string): Promise<PageCache> {
  const three = JSON.parse(await readFile(path.join(threeRoot, 'package.json'), 'utf8')) as { version: string };
  return PageCache.open(dir, { folders: [pageRoot, hdriRoot], versions: [`three ${three.version}`] });
}

/**
 * Where the page's bare module names resolve; the page can load no other package (see
 * page-modules.integration.test.ts).
 */
export const PAGE_IMPORT_MAP = {
  imports: {
    three: '/vendor/three/build/three.module.js',
    'three/addons/': '/vendor/three/examples/jsm/',
    'three/examples/jsm/': '/vendor/three/examples/jsm/',
    'three-mesh-bvh': '/vendor/three-mesh-bvh/build/index.module.js',
    'three-gpu-pathtracer': '/vendor/three-gpu-pathtracer/build/index.module.js',
    '@pmndrs/assets/hdri/': '/vendor/pmndrs-assets/hdri/',
  },
};

const INDEX_HTML = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Autostudio engine</title>
<style>html,body{margin:0;background:#000;overflow:hidden}canvas{display:block}</style>
<script type="importmap">
${JSON.stringify(PAGE_IMPORT_MAP)}
</script>
</head>
<body>
<canvas></canvas>
<script type="module" src="/app/page/main.js"></script>
</body>
</html>`;

const CACHE_PREFIX = '/cache/';

export interface PageServer {
  origin: string;
  /** The page URL of a file in the data folder. */
  fileUrl(filePath: string): string;
  close(): Promise<void>;
}

function inside(root: string, relative: string): string | null {
  const resolved = path.resolve(root, '.' + path.posix.normalize('/' + relative));
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : null;
}

/**
 * `cache`: where `/cache/<name>` reads the page's kept entries from (see PageCache); without one the page finds
 * none. The page writes them through Node (ChromiumRenderer), never over HTTP.
 */
export async function startPageServer(dataDir: string, cache: PageCache | null = null): Promise<PageServer> {
  const roots: [string, string][] = [
    ['/app/', pageRoot],
    ['/vendor/three/', threeRoot],
    ['/vendor/three-gpu-pathtracer/', pathTracerRoot],
    ['/vendor/three-mesh-bvh/', bvhRoot],
    ['/vendor/pmndrs-assets/hdri/', hdriRoot],
    ['/files/', path.resolve(dataDir)],
  ];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://engine.local');
    const pathname = decodeURIComponent(url.pathname);
    if (pathname === '/') {
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.html'] }).end(INDEX_HTML);
      return;
    }
    const match = roots.find(([prefix]) => pathname.startsWith(prefix));
    const file = pathname.startsWith(CACHE_PREFIX)
      ? (cache?.fileOf(pathname.slice(CACHE_PREFIX.length)) ?? null)
      : match
        ? inside(match[1], pathname.slice(match[0].length))
        : null;
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
          'content-length': info.size,
          'cache-control': 'no-store',
        });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The page server has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const dataRoot = path.resolve(dataDir);
  return {
    origin,
    fileUrl(filePath: string) {
      const relative = path.relative(dataRoot, path.resolve(filePath));
      if (relative.startsWith('..') || path.isAbsolute(relative))
        throw new Error(`${filePath} is outside the engine's folder`);
      return `${origin}/files/${relative.split(path.sep).map(encodeURIComponent).join('/')}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
