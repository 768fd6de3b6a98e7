import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { CAR_LIGHT_NAMES, DOOR_RANGE } from '@autostudio/protocol';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Segmented } from '@/components/ui/segmented';
import { SelectField } from '@/components/ui/select-field';
import { SliderField } from '@/components/ui/slider-field';
import { Switch } from '@/components/ui/switch-field';
import { PanelSection } from '@/components/panels/panel-section';
import { cn } from '@/lib/cn';
import { paintLabel, runEngineAction, useEngineAction, useEngineSettings, useEngineStore } from '@/lib/engine';
import { DOOR_LABELS, LAMP_LABELS, doorAction, lampAction, paintAction, trimAction } from '../actions';

/** Trim, paint, doors and lamps (spec §1 "pick a car trim and paint; open doors; switch headlamps and other lights"). */
export function CarPanel() {
  return (
    <div>
      <TrimSection />
      <PaintSection />
      <DoorsSection />
      <LampsSection />
    </div>
  );
}

/** A few trims read best side by side; a long list goes into a drop-down. */
const SEGMENTED_TRIMS = 4;

function TrimSection() {
  const [trim, setTrim] = useEngineAction(trimAction);
  const trims = useEngineStore((state) => state.options.trims);
  const options = trims.map((t) => ({ value: t.name, label: t.label }));
  return (
    <PanelSection id="car.trim" title="Trim">
      {trims.length <= SEGMENTED_TRIMS ? (
        <Segmented label="Trim" value={trim} options={options} onChange={setTrim} />
      ) : (
        <SelectField label="Trim" value={trim} options={options} onChange={setTrim} />
      )}
    </PanelSection>
  );
}

function PaintSection() {
  const [paint, setPaint] = useEngineAction(paintAction);
  const paints = useEngineStore((state) => state.options.paints);
  const swatches = useEngineStore((state) => state.options.swatches);
  if (paints.length === 0 && paint === '') return null;
  return (
    <PanelSection id="car.paint" title="Paint" aside={paint ? paintLabel(paint) : undefined}>
      <ToggleGroup.Root
        type="single"
        aria-label="Paint"
        value={paint ?? ''}
        onValueChange={(next) => next && setPaint(next)}
        className="grid grid-cols-6 gap-1.5"
      >
        {paints.map((key) => (
          <ToggleGroup.Item
            key={key}
            value={key}
            aria-label={paintLabel(key)}
            title={paintLabel(key)}
            className={cn(
              'group relative aspect-square rounded-md border border-border shadow-inner transition',
              'hover:scale-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface',
              'data-[state=on]:ring-2 data-[state=on]:ring-primary data-[state=on]:ring-offset-2 data-[state=on]:ring-offset-surface',
            )}
            style={{ background: swatchBackground(swatches[key]) }}
          >
            <Check
              aria-hidden
              className="absolute inset-0 m-auto hidden size-3.5 text-white mix-blend-difference group-data-[state=on]:block"
            />
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </PanelSection>
  );
}

/** A swatch looks lit from above, like paint on a panel; without a colour, a neutral chip. */
function swatchBackground(color: string | undefined): string {
  if (!color) return 'repeating-linear-gradient(45deg, var(--muted) 0 4px, var(--surface-raised) 4px 8px)';
  return `linear-gradient(160deg, color-mix(in oklab, ${color}, white 28%) 0%, ${color} 45%, color-mix(in oklab, ${color}, black 35%) 100%)`;
}

function DoorsSection() {
  const doors = useEngineSettings((settings) => settings.ConfigureValues);
  const names = Object.keys(doors ?? {});
  if (names.length === 0) return null;
  const setAll = (value: number) => {
    for (const name of names) runEngineAction(doorAction(name), value);
  };
  return (
    <PanelSection
      id="car.doors"
      title="Doors"
      aside={
        <>
          <Button variant="ghost" size="sm" className="h-6 px-1.5 text-[11px]" onClick={() => setAll(DOOR_RANGE.max)}>
            Open all
          </Button>
          <Button variant="ghost" size="sm" className="h-6 px-1.5 text-[11px]" onClick={() => setAll(DOOR_RANGE.min)}>
            Close all
          </Button>
        </>
      }
    >
      {names.map((name) => (
        <DoorSlider key={name} name={name} />
      ))}
    </PanelSection>
  );
}

function DoorSlider({ name }: { name: string }) {
  const [value, setValue] = useEngineAction(doorAction(name));
  return (
    <SliderField
      label={DOOR_LABELS[name] ?? name}
      value={value}
      onChange={setValue}
      min={DOOR_RANGE.min}
      max={DOOR_RANGE.max}
      defaultValue={DOOR_RANGE.min}
    />
  );
}

function LampsSection() {
  const lights = useEngineSettings((settings) => settings.Lights);
  // Spec order, then any other lamp a loaded model names.
  const names = [
    ...CAR_LIGHT_NAMES.filter((name) => lights?.[name]),
    ...Object.keys(lights ?? {}).filter((name) => !(CAR_LIGHT_NAMES as readonly string[]).includes(name)),
  ];
  if (names.length === 0) return null;
  return (
    <PanelSection id="car.lamps" title="Lights">
      {names.map((name) => (
        <LampRow key={name} name={name} />
      ))}
    </PanelSection>
  );
}

/** Intensity range of a lamp group; the time-of-day presets use 1. */
const LAMP_INTENSITY = { min: 0, max: 10, step: 0.1 } as const;

function LampRow({ name }: { name: string }) {
  const [lamp, setLamp] = useEngineAction(lampAction(name));
  const label = LAMP_LABELS[name] ?? name;
  return (
    <div className="space-y-1.5 rounded-md bg-surface-raised/60 p-2">
      <div className="flex items-center justify-between">
        <span className="text-[12px]">{label}</span>
        <Switch
          aria-label={`${label} on`}
          checked={lamp?.OnOff}
          onChange={(OnOff) => lamp && setLamp({ ...lamp, OnOff })}
        />
      </div>
      <SliderField
        label="Intensity"
        accessibleLabel={`${label} intensity`}
        value={lamp?.Intensity}
        onChange={(Intensity) => lamp && setLamp({ ...lamp, Intensity })}
        disabled={!lamp?.OnOff}
        {...LAMP_INTENSITY}
        defaultValue={1}
      />
    </div>
  );
}
