import * as THREE from 'three';

/** The reflection is drawn at this fraction of the picture's size: a glossy floor blurs it anyway. */
const SCALE = 0.5;
/** Mip levels the reflection is blurred by on a floor at the least gloss that still reflects, and at full gloss. */
const BLUR = { least: 3.5, most: 0.5 } as const;
/** Reflectance of a sealed floor (epoxy, lacquer) seen face on; at a grazing view Fresnel takes it towards one. */
const F0 = 0.04;
/** How far the glossy floor reaches (metres from the car), and how high over the floor it lies against depth fighting. */
const FLOOR = { radius: 18, fadeFrom: 12, lift: 0.004 } as const;

const reflectionTarget = () =>
  new THREE.WebGLRenderTarget(1, 1, {
    type: THREE.HalfFloatType,
    format: THREE.RGBAFormat,
    depthBuffer: true,
    generateMipmaps: true,
    minFilter: THREE.LinearMipmapLinearFilter,
    magFilter: THREE.LinearFilter,
  });

/**
 * A glossy studio floor (a car photographer's sealed cyc floor): the floor mirrors what stands on it, blurred and
 * weighted by Fresnel, so the car stands on its own reflection, strong at a low camera and faint from above.
 *
 * As three's Reflector does, each time the floor is drawn the scene is first drawn again from the camera mirrored in
 * the floor into a target of its own, and the floor looks it up by projecting its points into that camera. Only what
 * stands in the room is mirrored (the room itself and the meshes lying on the ground, such as the shadow catcher, are
 * left out). The reflection is a layer of its own lying on the floor, drawn after the car's shadow: a glossy floor's
 * reflection is not darkened by the shadow, which only takes light from its diffuse colour. At strength 0 it is
 * hidden and nothing more is drawn.
 */
export class FloorReflection {
  readonly mesh: THREE.Mesh;
  private readonly target = reflectionTarget();
  private readonly camera = new THREE.PerspectiveCamera();
  private readonly uniforms = {
    reflectionMap: { value: this.target.texture },
    reflectionMatrix: { value: new THREE.Matrix4() },
    reflectionStrength: { value: 0 },
    reflectionBlur: { value: BLUR.least as number },
  };
  private drawing = false;

  /** `room`: what the reflection leaves out besides the meshes on the ground; the layer is added to it. */
  constructor(private readonly room: THREE.Object3D) {
    const geometry = new THREE.CircleGeometry(FLOOR.radius, 64).rotateX(-Math.PI / 2).translate(0, FLOOR.lift, 0);
    this.mesh = new THREE.Mesh(geometry, this.material());
    this.mesh.name = 'floor-reflection';
    this.mesh.visible = false;
    // After the shadow catcher, whatever their distances.
    this.mesh.renderOrder = 1;
    // The path tracer traces the floor's own gloss (the studio's traced floor material).
    this.mesh.userData.rasterOnly = true;
    this.mesh.onBeforeRender = (renderer, scene, camera) => this.draw(renderer, scene, camera);
    room.add(this.mesh);
  }

  /** 0 matte (nothing is drawn), 1 a polished floor. */
  set strength(value: number) {
    const strength = THREE.MathUtils.clamp(value, 0, 1);
    this.uniforms.reflectionStrength.value = strength;
    this.uniforms.reflectionBlur.value = THREE.MathUtils.lerp(BLUR.least, BLUR.most, strength);
    this.mesh.visible = strength > 0;
  }

  private draw(renderer: THREE.WebGLRenderer, scene: THREE.Scene, camera: THREE.Camera): void {
    // A pass drawn with one material for everything (ambient occlusion's normals, the Depth layer) has no use for it.
    if (this.drawing || scene.overrideMaterial || !(camera instanceof THREE.PerspectiveCamera)) return;
    this.drawing = true;
    const output = renderer.getRenderTarget();
    const size = output
      ? new THREE.Vector2(output.width, output.height)
      : renderer.getDrawingBufferSize(new THREE.Vector2());
    this.target.setSize(Math.max(1, Math.round(size.x * SCALE)), Math.max(1, Math.round(size.y * SCALE)));
    this.mirror(camera);
    // The projection from the layer's points into the mirrored camera's picture, in texture space.
    this.uniforms.reflectionMatrix.value
      .set(0.5, 0, 0, 0.5, 0, 0.5, 0, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0, 1)
      .multiply(this.camera.projectionMatrix)
      .multiply(this.camera.matrixWorldInverse)
      .multiply(this.mesh.matrixWorld);

    const hidden = [this.room, ...scene.children.filter((child) => child instanceof THREE.Mesh)];
    const visible = hidden.map((object) => object.visible);
    const background = scene.background;
    const autoUpdate = renderer.shadowMap.autoUpdate;
    const clearAlpha = renderer.getClearAlpha();
    const clearColor = renderer.getClearColor(new THREE.Color());
    for (const object of hidden) object.visible = false;
    scene.background = null;
    renderer.shadowMap.autoUpdate = false;
    try {
      renderer.setRenderTarget(this.target);
      renderer.setClearColor(0x000000, 0);
      renderer.clear();
      renderer.render(scene, this.camera);
    } finally {
      hidden.forEach((object, i) => (object.visible = visible[i] ?? true));
      scene.background = background;
      renderer.shadowMap.autoUpdate = autoUpdate;
      renderer.setClearColor(clearColor, clearAlpha);
      renderer.setRenderTarget(output);
      this.drawing = false;
    }
  }

  /** The camera seen in the floor: position, view direction and up mirrored in the plane y 0, the same lens. */
  private mirror(camera: THREE.PerspectiveCamera): void {
    const mirrored = (v: THREE.Vector3) => v.set(v.x, -v.y, v.z);
    const position = mirrored(new THREE.Vector3().setFromMatrixPosition(camera.matrixWorld));
    const direction = mirrored(camera.getWorldDirection(new THREE.Vector3()));
    const up = mirrored(new THREE.Vector3(0, 1, 0).transformDirection(camera.matrixWorld));
    this.camera.position.copy(position);
    this.camera.up.copy(up);
    this.camera.lookAt(position.add(direction));
    this.camera.updateMatrixWorld();
    this.camera.projectionMatrix.copy(camera.projectionMatrix);
    this.camera.projectionMatrixInverse.copy(camera.projectionMatrixInverse);
    this.camera.layers.mask = camera.layers.mask;
  }

  /**
   * Premultiplied: the reflection's colour, weighted by how much the floor mirrors here, over what is drawn (the
   * floor's light and the shadow), which keeps the rest.
   */
  private material(): THREE.ShaderMaterial {
    return new THREE.ShaderMaterial({
      uniforms: this.uniforms,
      transparent: true,
      depthWrite: false,
      blending: THREE.CustomBlending,
      blendEquation: THREE.AddEquation,
      blendSrc: THREE.OneFactor,
      blendDst: THREE.OneMinusSrcAlphaFactor,
      vertexShader: /* glsl */ `
        uniform mat4 reflectionMatrix;
        varying vec4 vReflection;
        varying vec3 vFloorPoint;
        void main() {
          vReflection = reflectionMatrix * vec4(position, 1.0);
          vFloorPoint = (modelMatrix * vec4(position, 1.0)).xyz;
          gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
        }`,
      fragmentShader: /* glsl */ `
        precision highp float;
        uniform sampler2D reflectionMap;
        uniform float reflectionStrength;
        uniform float reflectionBlur;
        varying vec4 vReflection;
        varying vec3 vFloorPoint;
        void main() {
          // Premultiplied by coverage (the target is cleared to nothing), so the blur softens edges, not darkens them.
          vec4 mirrored = textureProj(reflectionMap, vReflection, reflectionBlur);
          float facing = abs(normalize(cameraPosition - vFloorPoint).y);
          float fresnel = ${F0.toFixed(2)} + (1.0 - ${F0.toFixed(2)}) * pow(1.0 - facing, 5.0);
          // The gloss ends before the floor curves up into the wall.
          float reach = 1.0 - smoothstep(${FLOOR.fadeFrom.toFixed(1)}, ${FLOOR.radius.toFixed(1)}, length(vFloorPoint.xz));
          float amount = reflectionStrength * fresnel * reach;
          gl_FragColor = mirrored * amount;
        }`,
    });
  }

  dispose(): void {
    this.target.dispose();
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
  }
}
