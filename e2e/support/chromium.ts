/**
 * Debian's Chromium, never a downloaded browser (../shared/reference/chromium.md). The flags keep it off the
 * network this machine does not have and let WebRTC work over loopback.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--allow-loopback-in-peer-connection',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  // The stream: a host candidate on loopback (no mDNS hiding, media permission granted), muted autoplay. Chromium
  // keeps only the last --disable-features, so Playwright's own list is repeated where it matters.
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-features=WebRtcHideLocalIpsWithMdns,AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning',
];
