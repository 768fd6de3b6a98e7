import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { API_BASE, ENGINE_FETCH_REFUSED, ENGINE_SIGNED_FILE_ROUTES } from '@autostudio/protocol';
import { EngineError } from './engine-error.js';

/**
 * What the engine may fetch for `Download File` and the image imports. Callers name any URL, and the engine sits
 * inside the studio's network: left open, it would read loopback services, the cloud metadata address and the
 * private network for whoever holds a session. So it fetches only the server's signed file links and hosts an
 * operator listed, checks the addresses a name resolves to, and connects to exactly the address it checked.
 */
export interface FetchPolicy {
  /** The server's addresses for engines (ENGINE_FILES_URL, the --register servers): their signed file links. */
  filesUrls: string[];
  /** `host`, `host:port` (any address, as an operator vouched for it) or `*.domain` (public addresses only). */
  allow: string[];
  /** Name resolution; the system's (dns.lookup) unless a test plays a hostile DNS. */
  resolve?: ((hostname: string) => Promise<{ address: string; family: number }[]>) | undefined;
}

export const NO_FETCHES: FetchPolicy = { filesUrls: [], allow: [] };

/** Hops after the first answer; each is checked like the first. */
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The paths of the server's signed file links (`/api/asset-model-file/<token>/<file>`, `/api/upload-file/…`), up
 * to the token.
 */
const SIGNED_FILE_PREFIXES = ENGINE_SIGNED_FILE_ROUTES.map((route) => `${API_BASE}${route.split('/:')[0] ?? ''}/`);

/**
 * Refused or failed: always the one message, so a caller learns nothing about what answered (status, size, resolved
 * address) and cannot map the network by asking.
 */
export class FetchRefused extends EngineError {
  constructor() {
    super(ENGINE_FETCH_REFUSED);
    this.name = 'FetchRefused';
  }
}

/** Addresses no fetch may reach unless an operator named the host itself. */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, NAT64 and 6to4 addresses carry an IPv4 address that could be any of the above.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Permission = 'refused' | 'public' | 'any';

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Which addresses `url` may reach under the policy. */
export function permission(url: URL, policy: FetchPolicy): Permission {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'refused';
  if (url.username || url.password) return 'refused';
  for (const files of policy.filesUrls) {
    if (!URL.canParse(files)) continue;
    const base = new URL(files);
    const root = base.pathname.replace(/\/+$/, '');
    const signed = SIGNED_FILE_PREFIXES.some((prefix) => url.pathname.startsWith(root + prefix));
    if (url.origin === base.origin && signed) return 'any';
  }
  const host = url.hostname.toLowerCase();
  let found: Permission = 'refused';
  for (const entry of policy.allow) {
    const match = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase());
    const name = match?.[1] ?? '';
    const port = match?.[2];
    if (port !== undefined && port !== defaultPort(url)) continue;
    if (name === host) return 'any';
    if (name.startsWith('*.') && host.endsWith(name.slice(1))) found = 'public';
  }
  return found;
}

/** The addresses to connect to, after the policy's address check. */
async function addressesFor(
  url: URL,
  allowed: Permission,
  policy: FetchPolicy,
): Promise<{ address: string; family: number }> {
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  const resolve = policy.resolve ?? ((hostname: string) => lookup(hostname, { all: true, verbatim: true }));
  const addresses = net.isIP(bare) ? [{ address: bare, family: net.isIP(bare) }] : await resolve(bare);
  const first = addresses[0];
  if (!first) throw new FetchRefused();
  // Every address, not the first: a name may answer a public and a private one and the connection pick either.
  if (allowed !== 'any' && !addresses.every(({ address }) => isPublicAddress(address))) throw new FetchRefused();
  return first;
}

function get(url: URL, pinned: { address: string; family: number }, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      signal,
      headers: { 'user-agent': 'autostudio-engine' },
      // The name was resolved and checked once: the connection goes to that address and no other (no second
      // resolution that a rebinding name could answer differently). TLS still checks the certificate of the name.
      lookup: (_host, options, callback) => {
        if (options.all) callback(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
}

/**
 * GETs `address` under the policy, following up to MAX_REDIRECTS redirects by hand, each hop checked as the first.
 * Resolves to a 2xx answer whose body the caller must read or destroy; anything else is a FetchRefused.
 */
export async function engineFetch(
  address: string,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; url: URL }> {
  if (!URL.canParse(address)) throw new FetchRefused();
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const allowed = permission(url, policy);
    if (allowed === 'refused') throw new FetchRefused();
    let response: IncomingMessage;
    try {
      response = await get(url, await addressesFor(url, allowed, policy), signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof FetchRefused) throw error;
      throw new FetchRefused();
    }
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return { response, url };
    response.resume();
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || !location || !URL.canParse(location, url.href)) throw new FetchRefused();
    url = new URL(location, url);
  }
  throw new FetchRefused();
}

/** The whole body, up to `limit` bytes; past it, `tooLarge` is thrown and the connection dropped. */
export async function readLimited(response: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
