import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageUse } from '../contract/render-contract.js';
import { EngineError } from './engine-error.js';
import { engineFetch, FetchRefused, readLimited, NO_FETCHES, type FetchPolicy } from './engine-fetch.js';

/** Images bigger than this are refused rather than fed to the page (an HDRI of 8k × 4k RGBE is ~100 MB). */
const MAX_IMAGE_BYTES = 150 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 60_000;
export const IMAGES_FOLDER = 'images';

/** How the picture will read an imported image, and the refusal when it cannot (ENGINE_IMAGE_UNDECODABLE). */
export interface ImageCheck {
  use: ImageUse;
  undecodable: string;
}

/**
 * The images of ImportandUpdateBackplate, ImportandApplyCubemap and ImportandUpdateCompositionGuide, fetched under
 * the engine's fetch policy into its folder before the scene takes them: a URL that cannot be fetched is refused
 * by the call itself and never enters the scene state, where every later draw would trip over it again. So is an
 * image fetched that the picture cannot decode (Renderer.decodes): it is tried under a name of its own before it
 * takes the name the scene state would use, so that a refused image replaces no file the picture shows.
 */
export class ImageImports {
  private readonly running = new Set<AbortController>();

  constructor(
    private readonly dataDir: string,
    private readonly policy: FetchPolicy = NO_FETCHES,
    private readonly decodes?: (image: string, use: ImageUse, keepAs?: string) => Promise<boolean>,
  ) {}

  /**
   * Fetches `url` and, given a check, makes sure the picture can decode it; answers the file's path inside the
   * engine's folder, as the scene state names images.
   */
  async fetch(url: string, check?: ImageCheck): Promise<string> {
    const { bytes, extension } = await this.download(url);
    const name = createHash('sha256').update(url).digest('hex').slice(0, 32) + extension;
    const incoming = `${IMAGES_FOLDER}/incoming-${randomUUID()}${extension}`;
    const taken = `${IMAGES_FOLDER}/${name}`;
    await mkdir(path.join(this.dataDir, IMAGES_FOLDER), { recursive: true });
    await writeFile(path.join(this.dataDir, incoming), bytes);
    try {
      if (check && this.decodes && !(await this.decodes(incoming, check.use, taken))) {
        throw new EngineError(check.undecodable);
      }
      await rename(path.join(this.dataDir, incoming), path.join(this.dataDir, IMAGES_FOLDER, name));
    } finally {
      await rm(path.join(this.dataDir, incoming), { force: true });
    }
    return taken;
  }

  /** The bytes at `url`, under the fetch policy and the size limit, and the extension the file will have. */
  private async download(url: string): Promise<{ bytes: Buffer; extension: string }> {
    if (!URL.canParse(url)) throw new EngineError('Url is not a URL');
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new EngineError('Only http and https URLs are allowed');
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new EngineError('The image took too long to fetch')), FETCH_TIMEOUT_MS);
    this.running.add(abort);
    try {
      const { response, url: fetched } = await engineFetch(parsed.href, this.policy, abort.signal);
      const tooLarge = () => new EngineError('The image is larger than the size limit');
      if (Number(response.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) {
        response.destroy();
        throw tooLarge();
      }
      const bytes = await readLimited(response, MAX_IMAGE_BYTES, tooLarge);
      // The page picks its loader by extension (.hdr, .exr, .png…); anything else stays a plain image.
      const extension = path.extname(fetched.pathname).toLowerCase();
      return { bytes, extension: /^\.[a-z0-9]{1,8}$/.test(extension) ? extension : '.img' };
    } catch (error) {
      if (abort.signal.aborted && abort.signal.reason instanceof EngineError) throw abort.signal.reason;
      if (error instanceof EngineError) throw error;
      // A body cut off half way and the like: the same plain refusal as any failed fetch.
      throw new FetchRefused();
    } finally {
      clearTimeout(timer);
      this.running.delete(abort);
    }
  }

  /** For the next user: stops fetches under way and deletes every fetched image. */
  async reset(): Promise<void> {
    for (const abort of this.running) abort.abort(new EngineError('The engine was reset'));
    await rm(path.join(this.dataDir, IMAGES_FOLDER), { recursive: true, force: true });
  }
}
