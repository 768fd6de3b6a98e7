import { PRODUCT_MESSAGES } from '@autostudio/protocol';
import { SwitchField } from '@/components/ui/switch-field';
import { PanelSection } from '@/components/panels/panel-section';
import { useEngineStore } from '@/lib/engine';
import { setPathTraceOnIdle } from '../actions';

/**
 * Idle path tracing. An engine that reports it cannot path trace (canPathTraceOnIdle false) gets the switch off and
 * disabled, with a note saying why; one that says nothing (an Unreal project without the property) is taken at its
 * word that the switch works.
 */
export function RenderingSection() {
  const pathTraceOnIdle = useEngineStore((state) => state.pathTraceOnIdle);
  const cannot = useEngineStore((state) => state.canPathTraceOnIdle === false);
  const ready = useEngineStore((state) => state.status === 'ready');
  return (
    <PanelSection id="camera.rendering" title="Rendering">
      <SwitchField
        label="Path trace when idle"
        hint={cannot ? PRODUCT_MESSAGES.cannotPathTrace : 'Refines the picture with path tracing while nothing moves.'}
        checked={pathTraceOnIdle && !cannot}
        onChange={(on) => void setPathTraceOnIdle(on)}
        disabled={!ready || cannot}
      />
    </PanelSection>
  );
}
