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
export const MATRIX_LIMITS = { trims: 12, paints: 24, variants: PRODUCTION_RENDER_LIMITS.variants } as const;

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
    const variants = body.trims.length * body.paints.length * views;
    if (variants > MATRIX_LIMITS.variants) {
      ctx.addIssue({
        code: 'custom',
        path: ['paints'],
        message: `${body.trims.length} trims × ${body.paints.length} paints${views > 1 ? ` × ${views} views` : ''} make ${variants} stills; a matrix makes at most ${MATRIX_LIMITS.variants}`,
      });
    }
  });
export type MatrixRenderRequest = z.infer<typeof matrixRenderRequestSchema>;
export type MatrixRenderRequestInput = z.input<typeof matrixRenderRequestSchema>;

/** One cell of a matrix: a trim in a paint, from a named view or (none) the configuration's own. */
export interface MatrixVariant {
  trim: string;
  paint: string;
  view?: MatrixViewName | undefined;
}

/**
 * Every trim × view × paint of a request, in the order chosen: trim by trim, each view of it, each paint across (the
 * contact sheet's rows and columns).
 */
export function matrixVariants(
  request: Pick<MatrixRenderRequest, 'trims' | 'paints'> & { views?: readonly MatrixViewName[] | undefined },
): MatrixVariant[] {
  const views: (MatrixViewName | undefined)[] = request.views?.length ? [...request.views] : [undefined];
  return request.trims.flatMap((trim) =>
    views.flatMap((view) => request.paints.map((paint) => ({ trim, paint, ...(view ? { view } : {}) }))),
  );
}

/** A variant's name: "Terra Base - Rallye Red", and its view when it has one ("… - Front ¾"). */
export function matrixVariantTitle(variant: MatrixVariant): string {
  return [variantTitle(variant.trim), variantTitle(variant.paint), variant.view].filter(Boolean).join(' - ');
}

/** A variant's file name in the ZIP and the gallery: "Terra Base - Rallye Red.jpg". */
export function matrixVariantFileName(variant: MatrixVariant, extension: string): string {
  return `${matrixVariantTitle(variant)}.${extension}`;
}

/** A trim's or paint's name as a title: engines name paints by lower-case keys ("rallye red" → "Rallye Red"). */
export function variantTitle(name: string): string {
  return name.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}

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
    `Rendering variant ${index} of ${of}: ${[variant.trim, variant.paint, variant.view].filter(Boolean).join(' · ')}`,
  cachedVariant: (index: number, of: number, variant: MatrixVariant) =>
    `Variant ${index} of ${of} from the render cache: ${[variant.trim, variant.paint, variant.view].filter(Boolean).join(' · ')}`,
  packing: 'Making the contact sheet and the ZIP',
  startFailed: 'Failed to start the variant matrix',
} as const;
