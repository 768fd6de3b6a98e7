import { CHROMIUM_ARGS as ENGINE_CHROMIUM_ARGS, CHROMIUM_PATH } from '@autostudio/engine/chromium';

/**
 * Debian's Chromium, never a downloaded browser, with the engine's own flags (../shared/reference/chromium.md): off
 * the network this machine does not have, WebRTC over loopback. The player also autoplays its muted stream.
 */
export { CHROMIUM_PATH };

export const CHROMIUM_ARGS = [...ENGINE_CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];
