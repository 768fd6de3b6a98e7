import { describe, expect, it } from 'vitest';
import {
  MATRIX_MESSAGES,
  matrixRenderRequestSchema,
  matrixRowTitle,
  matrixVariantFileName,
  matrixVariants,
  matrixViewYaw,
  type MatrixRenderRequestInput,
} from './render-matrix.js';

const request = (overrides: Partial<MatrixRenderRequestInput> = {}): MatrixRenderRequestInput => ({
  trims: ['Terra Base', 'Terra Limited'],
  paints: ['rallye red', 'cobalt blue'],
  settings: {},
  metadata: { name: 'Range' },
  ...overrides,
});

describe('a variant matrix request', () => {
  it('takes every trim in every paint, trim by trim, at 720p with a few raster samples unless told', () => {
    const parsed = matrixRenderRequestSchema.parse(request());
    expect(parsed).toMatchObject({ resolutionPreset: '720p', antiAliasSpatial: 4, antiAliasTemporal: 1 });
    expect(matrixVariants(parsed)).toEqual([
      { trim: 'Terra Base', paint: 'rallye red' },
      { trim: 'Terra Base', paint: 'cobalt blue' },
      { trim: 'Terra Limited', paint: 'rallye red' },
      { trim: 'Terra Limited', paint: 'cobalt blue' },
    ]);
  });

  it('refuses an empty side, a name chosen twice (in any case) and more than a hundred stills, saying which', () => {
    const issues = (input: MatrixRenderRequestInput) =>
      matrixRenderRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues(request({ trims: [] }))).toEqual(['choose at least one trim']);
    expect(issues(request({ paints: ['Rallye Red', 'rallye red'] }))).toEqual(['must not name a paint twice']);
    const many = (n: number, what: string) => Array.from({ length: n }, (_, i) => `${what} ${i}`);
    expect(issues(request({ trims: many(5, 'trim'), paints: many(21, 'paint') }))).toEqual([
      '5 trims × 21 paints make 105 stills; a matrix makes at most 100',
    ]);
    expect(issues(request({ trims: many(5, 'trim'), paints: many(20, 'paint') }))).toEqual([]);
    expect(issues(request({ settings: undefined }))).toEqual([
      'send the configuration settings or metadata.configId of a saved configuration',
    ]);
  });

  it('names each image by its variant, and tells what was made', () => {
    expect(matrixVariantFileName({ trim: 'Terra Base', paint: 'rallye red' }, 'jpg')).toBe(
      'Terra Base - Rallye Red.jpg',
    );
    expect(MATRIX_MESSAGES.completed({ rendered: 2, cached: 1, notOffered: 1 })).toBe(
      'Rendered 3 variants (1 from the render cache); 1 combination not offered on its trim',
    );
    expect(MATRIX_MESSAGES.completed({ rendered: 1, cached: 0, notOffered: 0 })).toBe('Rendered 1 variant');
  });

  it('renders each trim from each view chosen, the paints across, and names the view in the file', () => {
    const parsed = matrixRenderRequestSchema.parse(request({ trims: ['Terra Base'], views: ['Front ¾', 'Rear'] }));
    expect(matrixVariants(parsed)).toEqual([
      { trim: 'Terra Base', paint: 'rallye red', view: 'Front ¾' },
      { trim: 'Terra Base', paint: 'cobalt blue', view: 'Front ¾' },
      { trim: 'Terra Base', paint: 'rallye red', view: 'Rear' },
      { trim: 'Terra Base', paint: 'cobalt blue', view: 'Rear' },
    ]);
    expect(matrixVariantFileName({ trim: 'Terra Base', paint: 'rallye red', view: 'Front ¾' }, 'jpg')).toBe(
      'Terra Base - Rallye Red - Front ¾.jpg',
    );
    expect(matrixViewYaw('Side')).toBe(90);
    const issues = (input: MatrixRenderRequestInput) =>
      matrixRenderRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    const many = (n: number, what: string) => Array.from({ length: n }, (_, i) => `${what} ${i}`);
    expect(
      issues(request({ trims: many(3, 'trim'), paints: many(9, 'paint'), views: ['Front', 'Side', 'Rear', 'Rear ¾'] })),
    ).toEqual(['3 trims × 9 paints × 4 views make 108 stills; a matrix makes at most 100']);
    expect(issues(request({ views: ['Side', 'Side'] }))).toEqual(['must not name a view twice']);
  });

  it('renders each trim in each environment chosen, the views within it, and names the environment in rows and files', () => {
    const parsed = matrixRenderRequestSchema.parse(
      request({
        trims: ['Terra Base'],
        paints: ['rallye red'],
        views: ['Front', 'Side'],
        environments: ['studio', 'desert'],
      }),
    );
    expect(matrixVariants(parsed)).toEqual([
      { trim: 'Terra Base', paint: 'rallye red', view: 'Front', environment: 'studio' },
      { trim: 'Terra Base', paint: 'rallye red', view: 'Side', environment: 'studio' },
      { trim: 'Terra Base', paint: 'rallye red', view: 'Front', environment: 'desert' },
      { trim: 'Terra Base', paint: 'rallye red', view: 'Side', environment: 'desert' },
    ]);
    expect(matrixRowTitle({ trim: 'terra base', view: 'Side', environment: 'Desert' })).toBe(
      'Terra Base · Side · Desert',
    );
    expect(matrixVariantFileName({ trim: 'Terra Base', paint: 'rallye red', environment: 'Desert' }, 'png')).toBe(
      'Terra Base - Rallye Red - Desert.png',
    );
    const issues = (input: MatrixRenderRequestInput) =>
      matrixRenderRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    const many = (n: number, what: string) => Array.from({ length: n }, (_, i) => `${what} ${i}`);
    expect(
      issues(request({ trims: many(2, 'trim'), paints: many(9, 'paint'), environments: many(6, 'place') })),
    ).toEqual(['2 trims × 9 paints × 6 environments make 108 stills; a matrix makes at most 100']);
    expect(issues(request({ environments: ['Desert', 'desert'] }))).toEqual(['must not name an environment twice']);
    expect(issues(request({ environments: many(9, 'place') }))).toContain('at most 8 environments');
  });
});
