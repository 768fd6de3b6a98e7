import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SliderField } from '@/components/ui/slider-field';
import { PanelSection } from '@/components/panels/panel-section';
import { useEngineAction } from '@/lib/engine';
import {
  GAIN_CHANNELS,
  GAIN_LABELS,
  GAIN_RANGE,
  LOOK_DEFAULTS,
  LOOK_GROUPS,
  LOOK_RANGES,
  gainAction,
  lookAction,
  resetLook,
  type GainChannel,
  type LookValue,
} from '../actions';
import { ToneMappingSection } from './tone-mapping-section';

/**
 * The ten post-process values of spec §3 (spec §1 "adjust post-process looks"), grouped, with one reset; above them
 * the tone mapper, where the engine has one.
 */
export function LookPanel() {
  return (
    <div>
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <span className="text-[11px] text-muted-foreground">Double-click a label to reset it</span>
        <Button variant="ghost" size="sm" className="h-6 px-1.5 text-[11px]" onClick={() => void resetLook()}>
          <RotateCcw aria-hidden className="size-3!" />
          Reset look
        </Button>
      </div>
      <ToneMappingSection />
      {LOOK_GROUPS.map((group) => (
        <PanelSection key={group.id} id={group.id} title={group.title}>
          {group.values.map((name) => (
            <LookSlider key={name} name={name} />
          ))}
        </PanelSection>
      ))}
      <PanelSection id="look.colour" title="Colour">
        {GAIN_CHANNELS.map((channel) => (
          <GainSlider key={channel} channel={channel} />
        ))}
        <LookSlider name="Offset" />
      </PanelSection>
    </div>
  );
}

function LookSlider({ name }: { name: LookValue }) {
  const [value, setValue] = useEngineAction(lookAction(name));
  const { label, ...range } = LOOK_RANGES[name];
  return <SliderField label={label} value={value} onChange={setValue} {...range} defaultValue={LOOK_DEFAULTS[name]} />;
}

function GainSlider({ channel }: { channel: GainChannel }) {
  const [value, setValue] = useEngineAction(gainAction(channel));
  return (
    <SliderField
      label={GAIN_LABELS[channel]}
      accessibleLabel={`Gain ${channel}`}
      value={value}
      onChange={setValue}
      {...GAIN_RANGE}
      defaultValue={LOOK_DEFAULTS.Gain[channel]}
    />
  );
}
