import * as THREE from 'three';
import { RectAreaLightUniformsLib } from 'three/addons/lights/RectAreaLightUniformsLib.js';
import type { CustomLight } from '../../contract/scene-state.js';

const radians = THREE.MathUtils.degToRad;
/** Unreal intensities are candela-ish at centimetre scale; this brings the spec's default 8 to a useful fill. */
const INTENSITY_SCALE = 2.5;

let rectAreaReady = false;

/**
 * The user's custom lights (point, rect and spot), rebuilt only when the set of lights changes shape; a change of
 * colour or intensity updates the existing light, so materials do not recompile while someone drags a slider.
 */
export class CustomLights {
  readonly group = new THREE.Group();
  private lights = new Map<number, { type: CustomLight['type']; light: THREE.Light }>();

  update(lights: CustomLight[]): void {
    const wanted = new Set(lights.map((l) => l.id));
    for (const [id, entry] of this.lights) {
      if (!wanted.has(id)) {
        this.group.remove(entry.light);
        entry.light.dispose();
        this.lights.delete(id);
      }
    }
    for (const spec of lights) {
      let entry = this.lights.get(spec.id);
      if (entry?.type !== spec.type) {
        if (entry) this.group.remove(entry.light);
        entry = { type: spec.type, light: create(spec.type) };
        this.lights.set(spec.id, entry);
        this.group.add(entry.light);
      }
      configure(entry.light, spec);
    }
  }
}

function create(type: CustomLight['type']): THREE.Light {
  if (type === 'rect') {
    if (!rectAreaReady) {
      RectAreaLightUniformsLib.init();
      rectAreaReady = true;
    }
    return new THREE.RectAreaLight();
  }
  if (type === 'spot') {
    const spot = new THREE.SpotLight();
    spot.add(spot.target);
    return spot;
  }
  return new THREE.PointLight();
}

function configure(light: THREE.Light, spec: CustomLight): void {
  light.color.setRGB(spec.color.r / 255, spec.color.g / 255, spec.color.b / 255, THREE.SRGBColorSpace);
  // Unreal: centimetres, X forward, Y right, Z up. The stage: metres, +Z forward, +Y up, the car's right on -X.
  light.position.set(-spec.position.y / 100, spec.position.z / 100, spec.position.x / 100);
  const yaw = radians(spec.rotation.yaw);
  const pitch = radians(spec.rotation.pitch);
  const aim = new THREE.Vector3(-Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch), Math.cos(pitch) * Math.cos(yaw));
  light.rotation.set(0, 0, 0);
  if (light instanceof THREE.SpotLight) light.target.position.copy(aim).multiplyScalar(10);
  else light.lookAt(light.position.clone().add(aim));
  const intensity = spec.intensity * INTENSITY_SCALE;
  if (light instanceof THREE.PointLight) {
    light.intensity = intensity;
    light.distance = spec.attenuationRadius / 100;
    light.decay = 2;
  } else if (light instanceof THREE.SpotLight) {
    light.intensity = intensity * 2;
    light.distance = spec.attenuationRadius / 100;
    light.angle = radians(Math.min(89, Math.max(1, spec.outerAngle)));
    light.penumbra = spec.outerAngle > 0 ? Math.min(1, Math.max(0, 1 - spec.innerAngle / spec.outerAngle)) : 0;
  } else if (light instanceof THREE.RectAreaLight) {
    light.intensity = intensity / 2;
    light.width = Math.max(0.05, spec.width / 100);
    light.height = Math.max(0.05, spec.height / 100);
  }
}
