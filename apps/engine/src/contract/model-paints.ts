import { z } from 'zod';

/**
 * The paints a loaded model brings (README "Paints of a loaded model"): the glTF root's `extras.autostudio`, or an
 * `autostudio.json` beside the model. The engine's Node side checks a manifest against this schema before the model
 * is loaded; the page sets a paint's values on the model's Paint material(s).
 */
const unit = z.number().min(0).max(1);

export const modelPaintSchema = z.strictObject({
  name: z.string().trim().min(1).max(64),
  /** sRGB, as `#rrggbb`. */
  baseColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb'),
  metallic: unit,
  roughness: unit,
  clearcoat: unit,
  clearcoatRoughness: unit,
  /** Metallic flakes under the coat, drawn in raster pictures (not path-traced ones). `size` in millimetres. */
  flakes: z.strictObject({ amount: unit, size: z.number().positive().max(10) }).optional(),
});

export type ModelPaint = z.infer<typeof modelPaintSchema>;

export const modelManifestSchema = z
  .strictObject({
    paints: z.array(modelPaintSchema).min(1).max(100),
    /** Paints per trim, by paint name; a trim not named offers every paint. */
    trims: z.record(z.string(), z.array(z.string()).min(1)).optional(),
  })
  .superRefine((manifest, context) => {
    const keys = manifest.paints.map((paint) => paint.name.toLowerCase());
    for (const [index, key] of keys.entries()) {
      if (keys.indexOf(key) !== index) {
        context.addIssue({ code: 'custom', path: ['paints', index, 'name'], message: `names ${key} twice` });
      }
    }
    for (const [trim, names] of Object.entries(manifest.trims ?? {})) {
      for (const name of names) {
        if (!keys.includes(name.toLowerCase())) {
          context.addIssue({ code: 'custom', path: ['trims', trim], message: `names no paint ${name}` });
        }
      }
    }
  });

export type ModelManifest = z.infer<typeof modelManifestSchema>;
