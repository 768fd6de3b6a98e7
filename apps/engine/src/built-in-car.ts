import { fileURLToPath } from 'node:url';

/** The built-in car exported as a GLB (npm run engine:export-car), committed so the product-load path has a real file. */
export const BUILT_IN_CAR_GLB = fileURLToPath(new URL('../assets/terra.glb', import.meta.url));
