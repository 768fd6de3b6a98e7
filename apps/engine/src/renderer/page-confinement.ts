import type { BrowserContext } from 'playwright-core';

/**
 * The engine page fetches nothing but its own page server. Everything it draws comes from there: its modules,
 * three.js, and the engine folder where Download File and the image imports (Node side, under the engine's fetch
 * policy, scene/engine-fetch.ts) put models and images. A model's glTF, though, names its own buffers and images, and
 * the loader fetches whatever they name: `http://127.0.0.1:…` or a cloud metadata address, from inside the studio's
 * network, on every preview and load. The server refuses such models at upload (model-references.ts); this is the
 * second wall, for anything that still names an outside address.
 *
 * data: and blob: URLs never reach the network and are not routed; WebSockets (the stream's signalling) are not
 * routed either.
 */
export async function confineToOrigin(
  context: BrowserContext,
  origin: string,
  onRefused: (url: string) => void = () => undefined,
): Promise<void> {
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      onRefused(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
}
