import type { ToneMapperName } from '@autostudio/protocol';
import { Segmented } from '@/components/ui/segmented';
import { PanelSection } from '@/components/panels/panel-section';
import { useEngineStore } from '@/lib/engine';
import { TONE_MAPPER_OPTIONS, setToneMapper } from '../actions';

/** The engine's tone mapper; an engine that does not say which it uses (no such property) gets no choice. */
export function ToneMappingSection() {
  const toneMapper = useEngineStore((state) => state.toneMapper);
  const ready = useEngineStore((state) => state.status === 'ready');
  if (toneMapper === null) return null;
  return (
    <PanelSection id="look.tone-mapping" title="Tone mapping">
      <Segmented<ToneMapperName>
        label="Tone mapping"
        value={toneMapper}
        options={TONE_MAPPER_OPTIONS}
        onChange={(next) => void setToneMapper(next)}
        disabled={!ready}
      />
      <p className="text-[11px] leading-snug text-muted-foreground">Neutral keeps paint colours true.</p>
    </PanelSection>
  );
}
