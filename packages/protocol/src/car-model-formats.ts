/**
 * The configured car as a file for other tools: glTF binary (the web, DCC tools, Android's Scene Viewer) and USDZ
 * (Apple's AR Quick Look). The MIME types are those registered for them (IANA model/gltf-binary, model/vnd.usdz+zip).
 * A module of its own, importing nothing: the share page reads it without the engine catalogue.
 */
export const CAR_MODEL_FORMATS = ['GLB', 'USDZ'] as const;
export type CarModelFormat = (typeof CAR_MODEL_FORMATS)[number];
export const CAR_MODEL_FILES = {
  GLB: { extension: 'glb', contentType: 'model/gltf-binary' },
  USDZ: { extension: 'usdz', contentType: 'model/vnd.usdz+zip' },
} as const satisfies Record<CarModelFormat, { extension: string; contentType: string }>;

/** What each format is for, as the export dialog, the gallery and the share page say it. */
export const CAR_MODEL_FORMAT_USES: Record<CarModelFormat, string> = {
  GLB: 'glTF binary: for the web, Android’s Scene Viewer and 3D tools such as Blender, Unity and Unreal',
  USDZ: 'For AR Quick Look on iPhone and iPad: the car stands on the floor in front of you',
};
