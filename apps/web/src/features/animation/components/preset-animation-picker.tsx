import { Pause, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { PRESET_ANIMATION_SHOTS, PRESET_ANIMATIONS, type RenderShot } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { PanelSection } from '@/components/panels/panel-section';
import { useEngineStore } from '@/lib/engine';
import { useAnimationPlaybackStore, type PresetAnimationName } from '../stores/animation-playback-store';
import { useFollowEngine } from '../hooks/use-follow-engine';

export interface PresetAnimationPickerProps {
  /** Puts the view on the camera a move is made with (Interior 360 turns inside the car), as the camera panel does. */
  onCamera: (camera: RenderShot['Camera']) => void;
}

const OPTIONS = PRESET_ANIMATIONS.map(({ name, frames }) => ({ value: name, label: `${name} (${frames} frames)` }));
const STATE_LABEL = { idle: 'Stopped', playing: 'Playing', paused: 'Paused' } as const;

/** Spec §1 item 6: choosing a preset animation plays it in the viewport, so a user sees a move before rendering it. */
export function PresetAnimationPicker({ onCamera }: PresetAnimationPickerProps) {
  const { state, animation } = useAnimationPlaybackStore();
  const store = useAnimationPlaybackStore.getState;
  useFollowEngine(store().followEngine);
  const engineReady = useEngineStore((s) => s.status === 'ready');
  const [chosen, setChosen] = useState<PresetAnimationName>(animation ?? PRESET_ANIMATIONS[0].name);
  const fail = (error: unknown) => console.warn('preset animation playback failed', error);
  const play = (name: PresetAnimationName) => {
    setChosen(name);
    onCamera(PRESET_ANIMATION_SHOTS[name].Camera);
    store().play(name).catch(fail);
  };
  return (
    <PanelSection id="camera.moves" title="Preset animations" aside={<span role="status">{STATE_LABEL[state]}</span>}>
      <SelectField
        label="Animation"
        value={chosen}
        options={OPTIONS}
        disabled={!engineReady}
        onChange={(value) => play(value as PresetAnimationName)}
      />
      <div className="flex items-center justify-end gap-1">
        <Button
          variant="secondary"
          size="sm"
          disabled={!engineReady}
          onClick={() => (state === 'idle' ? play(chosen) : void store().togglePause().catch(fail))}
        >
          {state === 'playing' ? <Pause aria-hidden /> : <Play aria-hidden />}
          {state === 'playing' ? 'Pause' : state === 'paused' ? 'Resume' : 'Play'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!engineReady || state === 'idle'}
          onClick={() => void store().stop().catch(fail)}
        >
          <Square aria-hidden />
          Stop
        </Button>
      </div>
    </PanelSection>
  );
}
