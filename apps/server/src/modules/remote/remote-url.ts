const PLACEHOLDER_ORIGIN = 'http://engine.invalid';

/**
 * The path and query of a Remote Control route, or null when the URL could reach anything else: another host,
 * a path outside /remote/, or a path that climbs out of it.
 */
export function remoteRoute(url: string): string | null {
  if (!url.startsWith('/remote/') || url.includes('\\') || /%2e|%2f|%5c/i.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (parsed.origin !== PLACEHOLDER_ORIGIN || !parsed.pathname.startsWith('/remote/')) return null;
  if (parsed.pathname.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  // The URL parser has already resolved dot segments; compare to be sure nothing was rewritten.
  if (!url.startsWith(parsed.pathname)) return null;
  return `${parsed.pathname}${parsed.search}`;
}
