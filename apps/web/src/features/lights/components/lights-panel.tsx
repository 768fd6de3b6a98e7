import { LIGHT_TYPES, type LightType } from '@autostudio/protocol';
import { Cone, Lightbulb, Loader2, Plus, RectangleHorizontal, Trash2, type LucideIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ColorField } from '@/components/ui/color-field';
import { SliderField } from '@/components/ui/slider-field';
import { PanelSection } from '@/components/panels/panel-section';
import { cn } from '@/lib/cn';
import { useEngineAction, useEngineSettings, useEngineStore, type ConfigLight } from '@/lib/engine';
import {
  CENTRE,
  FIELDS_BY_TYPE,
  LIGHT_FIELDS,
  LIGHT_TYPE_LABELS,
  ORBIT,
  PLACEMENT_FIELDS,
  addLight,
  colorToHex,
  hexToColor,
  isLightType,
  lightColor,
  lightField,
  lightName,
  lightPlacement,
  removeLight,
  selectLight,
  type LightField,
  type LightPlacement,
} from '../actions';

const TYPE_ICONS: Record<LightType, LucideIcon> = { point: Lightbulb, rect: RectangleHorizontal, spot: Cone };

/** Custom point, rect and spot lights (spec §1 "add and edit point, rect and spot lights"): add, list, shape, place. */
export function LightsPanel() {
  const selectedId = useEngineStore((state) => state.view.selectedLightId);
  const selected = useEngineSettings((settings) => settings.CustomLights.find((light) => light.ID === selectedId));
  return (
    <div>
      <AddSection />
      <ListSection selectedId={selectedId} />
      {selected && <SelectedLight key={selected.ID} light={selected} />}
    </div>
  );
}

/**
 * A new light can take the engine seconds (the reference engine recompiles its shaders on a CPU): the button spins
 * meanwhile, and the others wait, so an impatient second click does not make a second light.
 */
function AddSection() {
  const [adding, setAdding] = useState<LightType | null>(null);
  const add = async (type: LightType) => {
    setAdding(type);
    try {
      await addLight(type);
    } finally {
      setAdding(null);
    }
  };
  return (
    <PanelSection id="lights.add" title="Add light">
      <div className="grid grid-cols-3 gap-1.5">
        {LIGHT_TYPES.map((type) => {
          const Icon = TYPE_ICONS[type];
          return (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              className="h-8 text-[12px]"
              aria-label={`Add ${LIGHT_TYPE_LABELS[type].toLowerCase()} light`}
              aria-busy={adding === type}
              disabled={adding !== null}
              onClick={() => void add(type)}
            >
              {adding === type ? (
                <Loader2 aria-hidden className="size-3! animate-spin text-muted-foreground" />
              ) : (
                <Plus aria-hidden className="size-3! text-muted-foreground" />
              )}
              <Icon aria-hidden className="size-3.5!" />
              {LIGHT_TYPE_LABELS[type]}
            </Button>
          );
        })}
      </div>
    </PanelSection>
  );
}

const NO_LIGHTS: readonly ConfigLight[] = [];

/**
 * The lights as a listbox: one tab stop, arrows move the selection (it is the light being edited), Delete removes.
 */
function ListSection({ selectedId }: { selectedId: number }) {
  const lights = useEngineSettings((settings) => settings.CustomLights) ?? NO_LIGHTS;
  const list = useRef<HTMLUListElement>(null);
  const index = lights.findIndex((light) => light.ID === selectedId);
  const focusOption = (id: number) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-light-id="${id}"]`)?.focus());
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity }[event.key];
    if (move !== undefined && lights.length > 0) {
      event.preventDefault();
      const next = lights[Math.min(lights.length - 1, Math.max(0, (index < 0 ? 0 : index) + move))];
      if (next) {
        selectLight(next.ID);
        focusOption(next.ID);
      }
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && index >= 0) {
      event.preventDefault();
      void removeLight(selectedId);
    }
  };
  return (
    <PanelSection id="lights.list" title="Lights" aside={lights.length > 0 ? String(lights.length) : undefined}>
      {lights.length === 0 ? (
        <p className="py-1 text-[12px] text-muted-foreground">No lights yet. Add one above.</p>
      ) : (
        <ul ref={list} role="listbox" aria-label="Lights" className="space-y-0.5" onKeyDown={onKeyDown}>
          {lights.map((light, i) => {
            const type = light.LightType.toLowerCase();
            const Icon = isLightType(type) ? TYPE_ICONS[type] : Lightbulb;
            const isSelected = light.ID === selectedId;
            // The selected light takes the tab stop; with none selected, the first does.
            const tabbable = isSelected || (index < 0 && i === 0);
            return (
              <li
                key={light.ID}
                role="option"
                aria-selected={isSelected}
                data-light-id={light.ID}
                tabIndex={tabbable ? 0 : -1}
                onClick={() => selectLight(light.ID)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    selectLight(light.ID);
                  }
                }}
                className={cn(
                  'flex h-7 cursor-pointer items-center gap-2 rounded px-2 text-[12px] text-muted-foreground',
                  'hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isSelected && 'bg-primary/15 text-foreground',
                )}
              >
                <Icon aria-hidden className={cn('size-3.5 shrink-0', isSelected && 'text-primary')} />
                <span className="flex-1 truncate">{lightName(light)}</span>
                <span
                  aria-hidden
                  className="size-2.5 rounded-full border border-border"
                  style={{ background: colorToHex(toColor(light)) }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </PanelSection>
  );
}

function toColor(light: ConfigLight) {
  const { R = 255, G = 255, B = 255 } = light.LightColor ?? {};
  return { R, G, B };
}

/** Everything about the selected light: colour and intensity, the shape its type has, and where it sits. */
function SelectedLight({ light }: { light: ConfigLight }) {
  const type = light.LightType.toLowerCase();
  const shape = isLightType(type) ? FIELDS_BY_TYPE[type].shape : [];
  const name = lightName(light);
  return (
    <>
      <PanelSection
        id="lights.light"
        title={name}
        aside={
          <Button
            variant="ghost"
            size="sm"
            className="h-6 px-1.5 text-[11px]"
            aria-label={`Remove ${name}`}
            onClick={() => void removeLight(light.ID)}
          >
            <Trash2 aria-hidden className="size-3!" />
            Remove
          </Button>
        }
      >
        <LightColorField id={light.ID} />
        <LightSlider id={light.ID} field="Intensity" />
        <LightSlider id={light.ID} field="AttenuationRadius" />
      </PanelSection>
      {shape.length > 0 && (
        <PanelSection id="lights.shape" title="Shape">
          {shape.map((field) => (
            <LightSlider key={field} id={light.ID} field={field} />
          ))}
        </PanelSection>
      )}
      <PanelSection id="lights.placement" title="Placement">
        <p className="text-[11px] leading-snug text-muted-foreground">
          The light circles its centre at a distance, facing it.
        </p>
        {ORBIT.map((part) => (
          <PlacementSlider key={part} id={light.ID} part={part} />
        ))}
        <div className="pt-1 text-[11px] font-medium text-muted-foreground">Centre</div>
        {CENTRE.map((part) => (
          <PlacementSlider key={part} id={light.ID} part={part} />
        ))}
      </PanelSection>
    </>
  );
}

function LightColorField({ id }: { id: number }) {
  const [color, setColor] = useEngineAction(lightColor(id));
  return (
    <ColorField
      label="Colour"
      accessibleLabel="Light colour"
      value={color && colorToHex(color)}
      onChange={(hex) => {
        const next = hexToColor(hex);
        if (next) setColor(next);
      }}
    />
  );
}

function LightSlider({ id, field }: { id: number; field: LightField }) {
  const [value, setValue] = useEngineAction(lightField(id, field));
  const { label, ...range } = LIGHT_FIELDS[field];
  return (
    <SliderField
      label={label}
      accessibleLabel={`Light ${label.toLowerCase()}`}
      value={value}
      onChange={setValue}
      {...range}
    />
  );
}

function PlacementSlider({ id, part }: { id: number; part: LightPlacement }) {
  const [value, setValue] = useEngineAction(lightPlacement(id, part));
  const { label, ...range } = PLACEMENT_FIELDS[part];
  const accessible = CENTRE.includes(part) ? `Light centre ${label}` : `Light ${label.toLowerCase()}`;
  return <SliderField label={label} accessibleLabel={accessible} value={value} onChange={setValue} {...range} />;
}
