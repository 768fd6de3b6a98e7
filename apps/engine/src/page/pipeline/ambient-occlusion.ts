import type * as THREE from 'three';
import { GTAOPass } from 'three/addons/postprocessing/GTAOPass.js';

/**
 * Ground-truth ambient occlusion (three's GTAOPass: Jimenez et al. 2016, with its Poisson denoise) of what the camera
 * sees: the light that creases, wheel arches, panel gaps, the cabin and the floor under the car do not get from the
 * room. It is computed once per settled view, from the unjittered camera, and the output pass multiplies the
 * settled picture's light by it; a drag's frames go without (their budget has no room for it on a CPU).
 */
export class AmbientOcclusion {
  private pass: GTAOPass | null = null;

  constructor(private readonly renderer: THREE.WebGLRenderer) {}

  /**
   * The occlusion of `scene` seen by `camera`, `width` × `height`: red 1 where the surroundings are open, towards 0
   * in a crease. Only surfaces within reach of `around` (the car) are occluded: 1 elsewhere, so that a distant dome
   * (the HDRI backdrop's, which the pass turned black) or the room's corners keep their light. Valid until the next
   * call.
   */
  compute(scene: THREE.Scene, camera: THREE.Camera, width: number, height: number, around: THREE.Box3): THREE.Texture {
    let pass = this.pass;
    if (!pass) {
      pass = new GTAOPass(scene, camera, width, height);
      // Reach of a hand's width (metres): creases and contact, not the room's corners.
      pass.updateGtaoMaterial({ radius: 0.3, distanceExponent: 1, thickness: 1, scale: 1, samples: 16 });
      // Wider and with twice the samples of three's default (8 px, 16): in a wheel, where spokes, disc and caliper
      // stand close, its grain stayed as a speckle on the brake disc and round the tyre's contact.
      pass.updatePdMaterial({ radius: 12, samples: 32 });
      // Only the occlusion is wanted: the output pass applies it.
      pass.output = GTAOPass.OUTPUT.Off;
      this.pass = pass;
    }
    pass.scene = scene;
    pass.camera = camera;
    pass.setSceneClipBox(around);
    if (pass.width !== width || pass.height !== height) pass.setSize(width, height);
    const target = this.renderer.getRenderTarget();
    // With OUTPUT.Off the pass writes to neither buffer: only its own targets.
    const none = null as unknown as THREE.WebGLRenderTarget;
    pass.render(this.renderer, none, none, 0, false);
    this.renderer.setRenderTarget(target);
    return pass.pdRenderTarget.texture;
  }

  dispose(): void {
    this.pass?.dispose();
  }
}
