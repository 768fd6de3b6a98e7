import { PCG_RANGE, SUN_AZIMUTH_RANGE, TIMES_OF_DAY_WITH_CAR_LIGHTS } from '@autostudio/protocol';
import { ImageUploadField } from '@/components/panels/image-upload-field';
import { PanelSection } from '@/components/panels/panel-section';
import { ChoiceGrid } from '@/components/ui/choice-grid';
import { ColorField } from '@/components/ui/color-field';
import { SelectField, type SelectGroup } from '@/components/ui/select-field';
import { SliderField } from '@/components/ui/slider-field';
import { SwitchField } from '@/components/ui/switch-field';
import { colorToHex, hexToColor } from '@/lib/color';
import { importImage, useEngineAction, useEngineSettings, useEngineStore } from '@/lib/engine';
import { backplateAction, environmentAction, hdrAction, pcgAction, sunAction, timeOfDayAction } from '../actions';

/** Environments, their options, time of day, sun, backplate and the HDRI backdrop (spec §1). */
export function EnvironmentPanel() {
  return (
    <div>
      <EnvironmentSection />
      <EnvironmentOptionsSection />
      <LightingSection />
      <BackplateSection />
      <HdriSection />
    </div>
  );
}

const CATEGORIES = ['Outdoor', 'Indoor'] as const;

function EnvironmentSection() {
  const [current, setEnvironment] = useEngineAction(environmentAction);
  const environments = useEngineStore((state) => state.options.environments);
  const groups: SelectGroup[] = CATEGORIES.map((category) => ({
    label: category,
    options: environments
      .filter((env) => env.category === category)
      .map((env) => ({ value: env.name, label: env.label })),
  })).filter((group) => group.options.length > 0);
  return (
    <PanelSection id="environment.environment" title="Environment">
      <SelectField label="Environment" value={current} options={groups} onChange={setEnvironment} />
    </PanelSection>
  );
}

/** The current environment's own options (scatter densities for the PCG desert). */
function EnvironmentOptionsSection() {
  const current = useEngineSettings((s) => s.Environment.Path);
  const environment = useEngineStore((state) => state.options.environments.find((env) => env.name === current));
  // SetPCG is the one update function the catalogue has; an option with another has nothing to call.
  const sliders = environment?.environmentConfigOptions.filter((option) => option.updateFunction === 'SetPCG') ?? [];
  if (!environment || sliders.length === 0) return null;
  return (
    <PanelSection id="environment.options" title={`${environment.label} options`}>
      {sliders.map((option) => (
        <PcgSlider
          key={option.name}
          name={option.name}
          label={option.label}
          range={option.valueConfig}
          initial={option.value}
        />
      ))}
    </PanelSection>
  );
}

interface PcgSliderProps {
  name: string;
  label: string;
  range: { min: number; max: number; step: number };
  initial: number;
}

function PcgSlider({ name, label, range, initial }: PcgSliderProps) {
  const [value, setValue] = useEngineAction(pcgAction(name));
  return (
    <SliderField
      label={label}
      value={value}
      onChange={setValue}
      min={range.min}
      max={range.max}
      step={range.step > 0 ? range.step : PCG_RANGE.step}
      defaultValue={initial}
    />
  );
}

function LightingSection() {
  const [timeOfDay, setTimeOfDay] = useEngineAction(timeOfDayAction);
  const [sun, setSun] = useEngineAction(sunAction);
  const times = useEngineStore((state) => state.options.timesOfDay);
  return (
    <PanelSection id="environment.lighting" title="Time of day and sun">
      <ChoiceGrid
        label="Time of day"
        value={timeOfDay}
        options={times.map((time) => ({ value: time, label: time }))}
        onChange={setTimeOfDay}
      />
      <p className="text-[11px] leading-snug text-muted-foreground">
        {TIMES_OF_DAY_WITH_CAR_LIGHTS.join(', ')} switch the car&apos;s lamps on; other times switch them off.
      </p>
      <SliderField
        label="Sun direction"
        value={sun}
        onChange={setSun}
        min={SUN_AZIMUTH_RANGE.min}
        max={SUN_AZIMUTH_RANGE.max}
        unit="°"
        defaultValue={130}
      />
    </PanelSection>
  );
}

function BackplateSection() {
  const [enabled, setEnabled] = useEngineAction(backplateAction);
  const image = useEngineStore((state) => state.images.backplate);
  // The engine shows a backplate only once it has an image: until then the switch has nothing to show.
  const hasImage = Boolean(image) || enabled === true;
  return (
    <PanelSection id="environment.backplate" title="Backplate">
      <ImageUploadField label="Backplate" current={image} onUploaded={(upload) => importImage('backplate', upload)} />
      <SwitchField
        label="Show backplate"
        checked={enabled}
        onChange={setEnabled}
        disabled={!hasImage}
        hint={hasImage ? 'The image behind the car.' : 'Upload an image first.'}
      />
    </PanelSection>
  );
}

/** The HDRI backdrop's settings, shown while the HDRI environment is the current one. */
function HdriSection() {
  const current = useEngineSettings((s) => s.Environment.Path);
  const isHdri = useEngineStore(
    (state) => state.options.environments.find((env) => env.name === current)?.isCustomBackPlate ?? false,
  );
  if (!isHdri) return null;
  return (
    <PanelSection id="environment.hdri" title="HDRI backdrop">
      <HdriImage />
      <HdrSlider field="Intensity" label="Intensity" min={0} max={10} step={0.1} />
      <HdrSlider field="Yaw" label="Rotation" min={-180} max={180} unit="°" />
      <HdrSlider field="Size" label="Dome size" min={1} max={1000} unit="m" />
      <HdrSlider field="GroundSize" label="Ground size" min={0} max={2000} unit="m" />
      <HdrSlider field="Resolution" label="Resolution" min={32} max={1024} step={32} />
      <HdrSlider field="LightIntensity" label="Sky light" min={0} max={10} step={0.1} />
      <HdrLightColor />
    </PanelSection>
  );
}

function HdriImage() {
  const image = useEngineStore((state) => state.images.backdrop);
  return (
    <ImageUploadField
      label="HDRI image"
      kind="hdri"
      current={image}
      onUploaded={(upload) => importImage('backdrop', upload)}
    />
  );
}

function HdrLightColor() {
  const [color, setColor] = useEngineAction(hdrAction('LightColor'));
  return (
    <ColorField
      label="Sky colour"
      value={typeof color === 'object' ? colorToHex(color) : undefined}
      onChange={(hex) => {
        const next = hexToColor(hex);
        if (next) setColor(next);
      }}
    />
  );
}

interface HdrSliderProps {
  field: 'Intensity' | 'Yaw' | 'Size' | 'GroundSize' | 'Resolution' | 'LightIntensity';
  label: string;
  min: number;
  max: number;
  step?: number;
  unit?: string;
}

function HdrSlider({ field, label, ...range }: HdrSliderProps) {
  const [value, setValue] = useEngineAction(hdrAction(field));
  return (
    <SliderField label={label} value={typeof value === 'number' ? value : undefined} onChange={setValue} {...range} />
  );
}
