import { z } from 'zod';
import { defineFunctions, vector4 } from './define.js';

/**
 * Spec §3's ten post-process values, each written once: the name the setter takes, the Out-suffixed name the getter
 * answers, and whether it is one number or a colour vector (Gain).
 */
const POST_PROCESS = {
  TemperatureTemp: { out: 'TemperatureTempOut', kind: 'number' },
  TemperatureTint: { out: 'TemperatureTintOut', kind: 'number' },
  GlobalSaturation: { out: 'GlobalSaturationOut', kind: 'number' },
  GlobalContrast: { out: 'GlobalContrastOut', kind: 'number' },
  GlobalGamma: { out: 'GlobalGammaOut', kind: 'number' },
  Bloom_Intensity: { out: 'BloomIntensityOut', kind: 'number' },
  ExposureCompensation: { out: 'ExposureCompensationOut', kind: 'number' },
  VignetteIntensity: { out: 'VignetteIntensityOut', kind: 'number' },
  Gain: { out: 'GainOut', kind: 'vector4' },
  Offset: { out: 'OffsetOut', kind: 'number' },
} as const satisfies Record<string, { out: string; kind: 'number' | 'vector4' }>;

type PostProcessTable = typeof POST_PROCESS;
export type PostProcessParameter = keyof PostProcessTable;

export const POST_PROCESS_PARAMETERS = Object.keys(POST_PROCESS) as PostProcessParameter[];
export const POST_PROCESS_OUT_NAMES = Object.fromEntries(
  POST_PROCESS_PARAMETERS.map((name) => [name, POST_PROCESS[name].out]),
) as { [Name in PostProcessParameter]: PostProcessTable[Name]['out'] };

type Kind<Name extends PostProcessParameter> = PostProcessTable[Name]['kind'];
type OutShape = {
  [Name in PostProcessParameter as PostProcessTable[Name]['out']]: Kind<Name> extends 'vector4'
    ? typeof vector4
    : z.ZodNumber;
};
type InShape = {
  [Name in PostProcessParameter]: z.ZodOptional<
    Kind<Name> extends 'vector4' ? ReturnType<typeof vector4.partial> : z.ZodNumber
  >;
};

/** What GetPostProcessLite answers. */
export const postProcessOutSchema = z.object(
  Object.fromEntries(
    POST_PROCESS_PARAMETERS.map((name) => [
      POST_PROCESS[name].out,
      POST_PROCESS[name].kind === 'vector4' ? vector4 : z.number(),
    ]),
  ) as OutShape,
);

/** What PostProcessLite takes: any of the values; a partial Gain keeps the channels it leaves out. */
export const postProcessInSchema = z.object(
  Object.fromEntries(
    POST_PROCESS_PARAMETERS.map((name) => [
      name,
      (POST_PROCESS[name].kind === 'vector4' ? vector4.partial() : z.number()).optional(),
    ]),
  ) as InShape,
);

export type PostProcessValues = z.output<typeof postProcessInSchema>;

export const POST_PROCESS_FUNCTIONS = defineFunctions({
  GetPostProcessLite: { object: 'postProcess', description: 'The post-process values.', returns: postProcessOutSchema },
  ResetPostProcessLite: { object: 'postProcess', description: 'Back to defaults (Gain 1, everything else 0).' },
  PostProcessLite: {
    object: 'postProcess',
    description: 'Sets any of the post-process values.',
    parameters: postProcessInSchema,
  },
});
