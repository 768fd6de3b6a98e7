import { z } from 'zod';
import { CAR_MODEL_FORMATS } from './car-model-formats.js';

/**
 * Read-only share links of a configuration (issue 33 item 4): the owner hands out a link that opens a public viewer
 * page, without sign-in, showing the configuration's still, name, car and options. The link's token is its only
 * credential; the owner revokes it or lets it expire.
 */

/** The web app's page a share link opens: `/v/<token>`. Here so that the server writes the same path it serves. */
export const PUBLIC_VIEWER_PATH = '/v';

/** The viewer page of a link's token, as the server hands it to the owner (relative to the web app's origin). */
export const publicViewerPath = (token: string) => `${PUBLIC_VIEWER_PATH}/${encodeURIComponent(token)}`;

/** How long a new link lasts unless its owner says otherwise, and the longest they may ask for. */
export const CONFIG_LINK_EXPIRY = { defaultDays: 30, maxDays: 365 } as const;

export const configLinkSchema = z.object({
  id: z.string(),
  configId: z.string(),
  /** The viewer page's path, `/v/<token>`; the web app makes it absolute with its own origin. */
  url: z.string(),
  createdAt: z.iso.datetime(),
  /** When the link stops working; null: until it is revoked. */
  expiresAt: z.iso.datetime().nullable(),
});
export type ConfigLink = z.infer<typeof configLinkSchema>;

/** POST /config/{id}/links. An empty body makes a link of the default lifetime. */
export const createConfigLinkBodySchema = z
  .object({
    expiresInDays: z
      .number()
      .int('expiresInDays must be a whole number of days')
      .min(1, 'expiresInDays must be at least 1')
      .max(CONFIG_LINK_EXPIRY.maxDays, `expiresInDays must be at most ${CONFIG_LINK_EXPIRY.maxDays}`)
      .nullable()
      .default(CONFIG_LINK_EXPIRY.defaultDays)
      .meta({ description: 'Days until the link stops working (1–365), or null for a link that lasts until revoked' }),
  })
  // Fastify hands a request without a body over as null, which reads as the default link too.
  .nullish()
  .transform((body) => body ?? { expiresInDays: CONFIG_LINK_EXPIRY.defaultDays });
export type CreateConfigLinkBody = z.input<typeof createConfigLinkBodySchema>;

export const linkIdParamsSchema = z.object({ id: z.string().min(1).max(64), linkId: z.string().min(1).max(64) });

/** A link's token as the public routes take it; any other string is simply a link that does not exist. */
export const publicLinkParamsSchema = z.object({ token: z.string() });

/** What the public viewer page shows: only what a customer reads, nothing of who else holds the configuration. */
export const publicConfigViewSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The car the configuration shows; null when it names none or the car is gone. */
  car: z.object({ name: z.string(), brand: z.string() }).nullable(),
  /** The main choices, in words ("Paint": "Glacier White"), in the order a customer reads them. */
  options: z.array(z.object({ label: z.string(), value: z.string() })),
  /** The link's own still route (no sign-in); null when there is neither a rendered still nor a save snapshot. */
  stillUrl: z.string().nullable(),
  /** Reserved for the turntable video (issue 34 item 5); always null until then. */
  turntableUrl: z.string().nullable(),
  /** The owner's username; null when the configuration has no owner any more. */
  sharedBy: z.string().nullable(),
  /**
   * The car as configured as files for AR and 3D tools, each at the link's own route with its size; empty until the
   * configuration's still is rendered (its job exports them), and for configurations saved before.
   */
  models: z.array(z.object({ format: z.enum(CAR_MODEL_FORMATS), url: z.string(), size: z.number().int() })),
});
export type PublicConfigView = z.infer<typeof publicConfigViewSchema>;
