import * as THREE from 'three';
import { loadImage } from '../image-decode.js';

/** The Custom composition guide's image, loaded once per URL (Node hands over a page URL). */
export class GuideImage {
  private loaded: { url: string; texture: THREE.Texture } | null = null;

  get texture(): THREE.Texture | undefined {
    return this.loaded?.texture;
  }

  async load(url: string | null): Promise<void> {
    if (url === null || this.loaded?.url === url) return;
    const texture = await loadImage(url, 'image');
    texture.colorSpace = THREE.SRGBColorSpace;
    this.loaded?.texture.dispose();
    this.loaded = { url, texture };
  }
}
