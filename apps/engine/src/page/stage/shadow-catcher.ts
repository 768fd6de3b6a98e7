import * as THREE from 'three';

/** The ground's height under a point (metres); flat ground is 0. */
export type GroundHeight = (x: number, z: number) => number;

/** Half the catcher's width, and how far it reaches behind the car, towards the sun (metres). */
const HALF_WIDTH = 6;
const BEHIND = 6;
/** How tall a shadow caster is taken to be (the car with its roof rails), and the longest shadow it gets (metres). */
const CASTER_HEIGHT = 2;
const LONGEST_SHADOW = 48;
/** The catcher's grid spacing where it follows the ground (metres): fine enough to lie on a dune's slope. */
const CELL = 2;
/** How far the catcher floats over the ground, against depth fighting (metres). */
const LIFT = 0.003;

/** On a slope the catcher's grid cuts across the ground's own triangles: pulled towards the camera, it stays on top. */
const ON_TOP = { polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -4 } as const;
/** What is left in the shade where no environment says otherwise: the studio's soft shadow. */
export const DEFAULT_SHADE = new THREE.Color(0.45, 0.45, 0.45);

/** How far the car's shadow reaches on flat ground with the sun in `direction` (towards the sun), capped. */
export function shadowLength(direction: THREE.Vector3): number {
  const horizontal = Math.hypot(direction.x, direction.z);
  if (direction.y <= 0) return LONGEST_SHADOW;
  return Math.min(LONGEST_SHADOW, (CASTER_HEIGHT * horizontal) / direction.y);
}

/**
 * The ground that shows the car's shadow: a strip under the car stretched away from the sun as far as the shadow
 * falls, lying on the ground (`height`). Only this strip looks up the shadow map, which a CPU renderer cannot afford
 * on every floor pixel; a square around the car cut a low sun's shadow off a few metres behind it.
 */
export class ShadowCatcher {
  /**
   * Over a transparent background the shadow is black and its strength is in the alpha, for compositing (and the
   * Shadow layer is that alpha alone).
   */
  private readonly alpha = new THREE.ShadowMaterial({ opacity: 0.55, depthWrite: false, ...ON_TOP });
  /**
   * Over a picture the shadow takes out the light the sun gave the ground and leaves the rest: what is drawn is
   * multiplied by the shade (the ground's light in shade over its light in the sun, per channel), in linear light.
   * Blending computes shade α × dst + dst × (1 − α) = dst × mix(1, shade, α), α being how much of the sun is blocked.
   */
  private readonly tinted = new THREE.ShadowMaterial({
    opacity: 1,
    depthWrite: false,
    blending: THREE.CustomBlending,
    blendEquation: THREE.AddEquation,
    blendSrc: THREE.DstColorFactor,
    blendDst: THREE.OneMinusSrcAlphaFactor,
    // The colour weighted by α before blending: unshadowed ground (α 0) is left as it is.
    premultipliedAlpha: true,
    ...ON_TOP,
  });
  readonly mesh: THREE.Mesh<THREE.BufferGeometry, THREE.Material> = new THREE.Mesh(
    new THREE.BufferGeometry(),
    this.alpha,
  );
  private key = '';

  constructor() {
    this.mesh.name = 'ShadowCatcher';
    this.mesh.receiveShadow = true;
    this.fit(new THREE.Vector3(0, 1, 0), () => 0, 'flat');
  }

  /**
   * Shows the shadow over a picture, leaving `shade` of the ground's light (per channel, linear), or over a transparent
   * background (null) as alpha.
   */
  shade(shade: THREE.Color | null): void {
    if (shade) this.tinted.color.copy(shade);
    this.mesh.material = shade ? this.tinted : this.alpha;
  }

  /**
   * Lays the catcher out for a sun in `direction` (towards the sun) over ground of `height`; `ground` names that
   * ground, so that the same sun over the same ground keeps the geometry it has.
   */
  fit(direction: THREE.Vector3, height: GroundHeight, ground: string): void {
    const length = shadowLength(direction);
    // The shadow falls away from the sun; a sun straight overhead casts it nowhere in particular.
    const away = new THREE.Vector2(-direction.x, -direction.z);
    if (away.lengthSq() < 1e-8) away.set(0, 1);
    away.normalize();
    const key = `${ground}/${away.x.toFixed(3)}/${away.y.toFixed(3)}/${length.toFixed(1)}`;
    if (key === this.key) return;
    this.key = key;
    const reach = Math.max(BEHIND, length + 4);
    const along = Math.max(1, Math.ceil((BEHIND + reach) / CELL));
    const across = Math.max(1, Math.ceil((2 * HALF_WIDTH) / CELL));
    const positions: number[] = [];
    for (let i = 0; i <= along; i += 1) {
      const a = -BEHIND + ((BEHIND + reach) * i) / along;
      for (let j = 0; j <= across; j += 1) {
        const c = -HALF_WIDTH + (2 * HALF_WIDTH * j) / across;
        // `away` is (x, z); across it lies (−z, x).
        const x = away.x * a - away.y * c;
        const z = away.y * a + away.x * c;
        positions.push(x, height(x, z) + LIFT, z);
      }
    }
    const indices: number[] = [];
    const row = across + 1;
    for (let i = 0; i < along; i += 1) {
      for (let j = 0; j < across; j += 1) {
        const v = i * row + j;
        // Wound to face up (ShadowMaterial is single-sided): (v, v + 1, v + row) turns from across to along, about +y.
        indices.push(v, v + 1, v + row, v + 1, v + row + 1, v + row);
      }
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    geometry.setIndex(indices);
    geometry.computeVertexNormals();
    this.mesh.geometry.dispose();
    this.mesh.geometry = geometry;
  }
}
