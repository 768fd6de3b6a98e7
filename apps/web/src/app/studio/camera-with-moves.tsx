import { PresetAnimationPicker } from '@/features/animation';
import { CameraPanel, spotAction } from '@/features/camera';
import { runEngineAction } from '@/lib/engine';

/** The Camera tab: the camera's own controls, then the preset animations played in the viewport (issue 17 item 6). */
export function CameraWithMoves() {
  return (
    <>
      <CameraPanel />
      <PresetAnimationPicker onCamera={(spot) => runEngineAction(spotAction, spot)} />
    </>
  );
}
