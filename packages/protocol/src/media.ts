// zod/mini: the web app asks for the cookie from its first page on, whose build stays small (see roles.ts).
import * as z from 'zod/mini';
import { API_BASE, API_ROUTES } from './routes.js';

/**
 * The cookie that `GET /aws-s3/auth-cookie` sets (spec §7 "Storage"), so that `<img>`, `<video>` and model loaders,
 * which cannot send a Bearer header, may read media. It is sent to media paths only.
 */
export const MEDIA_COOKIE = {
  name: 'autostudio_media',
  path: `${API_BASE}${API_ROUTES.media}`,
  ttlSeconds: 3600,
} as const;

export const mediaCookieResponseSchema = z.object({
  /** When the cookie stops working; ask for a new one before then. */
  expiresAt: z.iso.datetime(),
  expiresIn: z.number().check(z.int(), z.positive()),
});
export type MediaCookieResponse = z.infer<typeof mediaCookieResponseSchema>;

/** The URL of a stored blob, its key's segments escaped one by one so that the slashes stay. */
export function mediaUrl(key: string): string {
  return `${MEDIA_COOKIE.path}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
