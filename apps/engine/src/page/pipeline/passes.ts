import * as THREE from 'three';

/*
 * The materials of a production render's passes. Both write their value as it is, into an 8-bit target: no lights,
 * no tone mapping, no colour management (a ShaderMaterial gets none of three's colour chunks unless it asks).
 */

const POSITION_ONLY_VERTEX = /* glsl */ `
varying vec3 vViewPosition;
void main() {
  #include <begin_vertex>
  #include <project_vertex>
  vViewPosition = mvPosition.xyz;
}
`;

/** FNV-1a: a stable 32-bit hash of a part's name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A part's Color ID colour, from its name alone, so the same part has the same colour in every render of every car:
 * the hue from the hash, saturation and value from three steps each, never dark (the background is black).
 */
export function colorIdOf(name: string): THREE.Color {
  const h = hash(name);
  const hue = (h % 360) / 360;
  const saturation = [0.55, 0.75, 0.95][(h >>> 9) % 3] ?? 0.75;
  const value = [0.65, 0.82, 1][(h >>> 12) % 3] ?? 0.82;
  // HSV to RGB, as display values (written to the image unchanged).
  const f = (n: number) => {
    const k = (n + hue * 6) % 6;
    return value - value * saturation * Math.max(0, Math.min(k, 4 - k, 1));
  };
  return new THREE.Color().setRGB(f(5), f(3), f(1), THREE.LinearSRGBColorSpace);
}

/** Flat, unlit materials of the Color ID pass, one per part name. */
export class ColorIdMaterials {
  private readonly materials = new Map<string, THREE.ShaderMaterial>();

  /** The flat material standing in for a part's material (named by the material, else by the mesh). */
  for(material: THREE.Material, mesh: THREE.Object3D): THREE.ShaderMaterial {
    const name = material.name || mesh.name || 'part';
    const key = `${name}|${material.side}`;
    let flat = this.materials.get(key);
    if (!flat) {
      flat = new THREE.ShaderMaterial({
        name: `ColorID:${name}`,
        side: material.side,
        uniforms: { idColor: { value: colorIdOf(name) } },
        vertexShader: POSITION_ONLY_VERTEX,
        fragmentShader: /* glsl */ `
          uniform vec3 idColor;
          void main() { gl_FragColor = vec4(idColor, 1.0); }`,
      });
      this.materials.set(key, flat);
    }
    return flat;
  }
}

/** The Depth pass: grey from the distance to the camera, black at `near` and white from `far` on (metres). */
export function createDepthMaterial(): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({
    name: 'Depth',
    side: THREE.DoubleSide,
    uniforms: { near: { value: 0 }, far: { value: 50 } },
    vertexShader: POSITION_ONLY_VERTEX,
    fragmentShader: /* glsl */ `
      uniform float near;
      uniform float far;
      varying vec3 vViewPosition;
      void main() {
        // Per pixel: a distance interpolated between vertices would sag across the floor's large triangles.
        float distance = length(vViewPosition);
        gl_FragColor = vec4(vec3(clamp((distance - near) / (far - near), 0.0, 1.0)), 1.0);
      }`,
  });
}
