import { z } from 'zod';
import { IMAGE_FORMATS, IMAGE_RENDER_DEFAULTS, RENDER_QUALITIES, SHADOW_MODES } from './constants.js';
import { configSettingsSchema } from './configs.js';
import { PRODUCTION_RENDER_LIMITS } from './engine/render-queue.js';
import { plainText } from './names.js';
import {
  renderMetadataSchema,
  requireCustomResolution,
  requireScene,
  resolutionFields,
  samples,
} from './render-jobs.js';

/**
 * A variant matrix's bounds: a website's whole range (a dozen trims, two dozen paints) fits, and one job never holds
 * an engine for more than a hundred stills.
 */
export const MATRIX_LIMITS = {
  trims: 12,
  paints: 24,
  environments: 8,
  variants: PRODUCTION_RENDER_LIMITS.variants,
} as const;

/**
 * Named angles round the car that a matrix may render every variant from, as a website shows a range: the exterior
 * crane's yaw (0 faces the car's front, 90 its left side), at the configuration's own height and distance.
 */
export const MATRIX_VIEWS = [
  { name: 'Front', yaw: 0 },
  { name: 'Front ¾', yaw: 30 },
  { name: 'Side', yaw: 90 },
  { name: 'Rear ¾', yaw: 150 },
  { name: 'Rear', yaw: 180 },
] as const;
export type MatrixViewName = (typeof MATRIX_VIEWS)[number]['name'];
const MATRIX_VIEW_NAMES = MATRIX_VIEWS.map((view) => view.name) as [MatrixViewName, ...MatrixViewName[]];

/** The crane's yaw of a named view. */
export const matrixViewYaw = (name: MatrixViewName): number =>
  MATRIX_VIEWS.find((view) => view.name === name)?.yaw ?? 0;

/** The item kinds of a finished matrix in the gallery, beside the thumbnail. */
export const MATRIX_ITEM_KINDS = { variant: 'variant', contactSheet: 'contact sheet', archive: 'zip' } as const;

const variantName = plainText(z.string().trim().min(1).max(100));
const distinctNames = (most: number, what: string) =>
  z
    .array(variantName)
    .min(1, `choose at least one ${what}`)
    .max(most, `at most ${most} ${what}s`)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
      message: `must not name a ${what} twice`,
    });

/**
 * POST /render-matrix-workflow: every chosen trim in every chosen paint, as stills of one view and look (the
 * configuration's, as a still of it would show), rendered on one engine as one job. Combinations a trim does not offer
 * are reported, not rendered.
 */
export const matrixRenderRequestSchema = z
  .object({
    trims: distinctNames(MATRIX_LIMITS.trims, 'trim'),
    paints: distinctNames(MATRIX_LIMITS.paints, 'paint'),
    /** Angles to render every variant from; none: the configuration's own view. */
    views: z
      .array(z.enum(MATRIX_VIEW_NAMES))
      .max(MATRIX_VIEWS.length)
      .refine((views) => new Set(views).size === views.length, { message: 'must not name a view twice' })
      .default([]),
    /** Environments (by path, as the environment list gives them) to render every variant in; none: the scene's. */
    environments: z
      .array(plainText(z.string().trim().min(1).max(300)))
      .max(MATRIX_LIMITS.environments, `at most ${MATRIX_LIMITS.environments} environments`)
      .refine((paths) => new Set(paths.map((path) => path.toLowerCase())).size === paths.length, {
        message: 'must not name an environment twice',
      })
      .default([]),
    ...resolutionFields('720p'),
    imageFormat: z.enum(IMAGE_FORMATS).default(IMAGE_RENDER_DEFAULTS.imageFormat),
    antiAliasSpatial: samples(4),
    antiAliasTemporal: samples(1),
    carShadowMode: z.enum(SHADOW_MODES).default('WithGround'),
    quality: z.enum(RENDER_QUALITIES).default(IMAGE_RENDER_DEFAULTS.quality),
    settings: configSettingsSchema.optional(),
    metadata: renderMetadataSchema,
  })
  .superRefine(requireCustomResolution)
  .superRefine(requireScene)
  .superRefine((body, ctx) => {
    const views = Math.max(1, body.views.length);
    const environments = Math.max(1, body.environments.length);
    const variants = body.trims.length * body.paints.length * views * environments;
    if (variants > MATRIX_LIMITS.variants) {
      const factors = [
        `${body.trims.length} trims × ${body.paints.length} paints`,
        views > 1 ? ` × ${views} views` : '',
        environments > 1 ? ` × ${environments} environments` : '',
      ].join('');
      ctx.addIssue({
        code: 'custom',
        path: ['paints'],
        message: `${factors} make ${variants} stills; a matrix makes at most ${MATRIX_LIMITS.variants}`,
      });
    }
  });
export type MatrixRenderRequest = z.infer<typeof matrixRenderRequestSchema>;
export type MatrixRenderRequestInput = z.input<typeof matrixRenderRequestSchema>;

/**
 * One cell of a matrix: a trim in a paint, from a named view or (none) the configuration's own, in an environment or
 * (none) the configuration's own.
 */
export interface MatrixVariant {
  trim: string;
  paint: string;
  view?: MatrixViewName | undefined;
  /** The environment's path as requested; its label once the engine's list named it (see matrixVariantTitle). */
  environment?: string | undefined;
}

/**
 * Every trim × environment × view × paint of a request, in the order chosen: trim by trim, each environment and view
 * of it, each paint across (the contact sheet's rows and columns).
 */
export function matrixVariants(
  request: Pick<MatrixRenderRequest, 'trims' | 'paints'> & {
    views?: readonly MatrixViewName[] | undefined;
    environments?: readonly string[] | undefined;
  },
): MatrixVariant[] {
  const views: (MatrixViewName | undefined)[] = request.views?.length ? [...request.views] : [undefined];
  const environments: (string | undefined)[] = request.environments?.length ? [...request.environments] : [undefined];
  return request.trims.flatMap((trim) =>
    environments.flatMap((environment) =>
      views.flatMap((view) =>
        request.paints.map((paint) => ({
          trim,
          paint,
          ...(view ? { view } : {}),
          ...(environment ? { environment } : {}),
        })),
      ),
    ),
  );
}

/** A matrix row's name: the trim, with the view and environment when it has them ("Terra Base · Front ¾ · Desert"). */
export function matrixRowTitle(variant: Omit<MatrixVariant, 'paint'>): string {
  return [variantTitle(variant.trim), variant.view, variant.environment].filter(Boolean).join(' · ');
}

/**
 * A variant's name: "Terra Base - Rallye Red", and its view and environment when it has them ("… - Front ¾ - Desert").
 */
export function matrixVariantTitle(variant: MatrixVariant): string {
  return [variantTitle(variant.trim), variantTitle(variant.paint), variant.view, variant.environment]
    .filter(Boolean)
    .join(' - ');
}

/** A variant's file name in the ZIP and the gallery: "Terra Base - Rallye Red.jpg". */
export function matrixVariantFileName(variant: MatrixVariant, extension: string): string {
  return `${matrixVariantTitle(variant)}.${extension}`;
}

/** A trim's or paint's name as a title: engines name paints by lower-case keys ("rallye red" → "Rallye Red"). */
export function variantTitle(name: string): string {
  return name.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}

const variantWords = (variant: MatrixVariant) =>
  [variant.trim, variant.paint, variant.view, variant.environment].filter(Boolean).join(' · ');

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Texts of a matrix job. */
export const MATRIX_MESSAGES = {
  completed: (made: { rendered: number; cached: number; notOffered: number }) =>
    [
      `Rendered ${count(made.rendered + made.cached, 'variant')}`,
      made.cached > 0 ? ` (${made.cached} from the render cache)` : '',
      made.notOffered > 0 ? `; ${count(made.notOffered, 'combination')} not offered on its trim` : '',
    ].join(''),
  noneOffered: 'None of the chosen trims offers any of the chosen paints',
  variant: (index: number, of: number, variant: MatrixVariant) =>
    `Rendering variant ${index} of ${of}: ${variantWords(variant)}`,
  cachedVariant: (index: number, of: number, variant: MatrixVariant) =>
    `Variant ${index} of ${of} from the render cache: ${variantWords(variant)}`,
  unknownEnvironment: (name: string, offered: readonly string[]) =>
    `The render engine has no environment ${name}; it offers ${offered.join(', ')}`,
  packing: 'Making the contact sheet and the ZIP',
  startFailed: 'Failed to start the variant matrix',
} as const;
