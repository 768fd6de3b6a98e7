import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (scripts/system-deps.mjs installs it); no browser is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags measured in ../shared/reference/chromium.md: quiet start-up, loopback WebRTC with a host candidate, and no
 * throttling of a page that nobody looks at. Chromium honours only the last --disable-features switch, and
 * Playwright passes its own first: ours repeats the ones of Playwright's that matter here and adds the WebRTC one.
 */
const DISABLED_FEATURES = [
  'WebRtcHideLocalIpsWithMdns',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--allow-loopback-in-peer-connection',
  '--use-fake-ui-for-media-stream',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--ignore-gpu-blocklist',
  '--enable-unsafe-swiftshader',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** `extraArgs` come after ours (a stream player in tests adds its autoplay policy, say). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
