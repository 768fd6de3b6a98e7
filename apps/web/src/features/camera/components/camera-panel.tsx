import {
  CAMERA_FOCAL_LENGTH,
  CAMERA_LENS_LIMITS,
  CAMERA_POSITIONS,
  COMPOSITION_GUIDE_GROUPS,
  CUSTOM_COMPOSITION_GUIDE,
  ENGINE_CONFIG_DEFAULTS,
  FOCUS_METHODS,
} from '@autostudio/protocol';
import { Segmented } from '@/components/ui/segmented';
import { SelectField } from '@/components/ui/select-field';
import { SliderField } from '@/components/ui/slider-field';
import { Switch } from '@/components/ui/switch-field';
import { ImageUploadField } from '@/components/panels/image-upload-field';
import { PanelSection } from '@/components/panels/panel-section';
import { importImage, useEngineAction, useEngineSettings, useEngineStore } from '@/lib/engine';
import {
  CRANE_RANGES,
  GUIDE_LABELS,
  INTERIOR_RANGES,
  apertureAction,
  bokehAction,
  craneAction,
  focalLengthAction,
  focusAction,
  guideAction,
  guideOpacityAction,
  interiorAction,
  setGuideVisible,
  spotAction,
  type CameraSpot,
  type Crane,
  type Focus,
  type Interior,
} from '../actions';
import { RenderingSection } from './rendering-section';

const DEFAULTS = ENGINE_CONFIG_DEFAULTS.Camera;

/** Spot, rig, lens, focus, bokeh and composition guides (spec §1 "move the camera; choose composition guides"). */
export function CameraPanel() {
  return (
    <div>
      <SpotSection />
      <RigSection />
      <LensSection />
      <BokehSection />
      <GuidesSection />
      <RenderingSection />
    </div>
  );
}

const SPOTS = CAMERA_POSITIONS.map((value) => ({ value, label: value }));

function SpotSection() {
  const [spot, setSpot] = useEngineAction(spotAction);
  const viewMode = useEngineStore((state) => state.view.viewMode);
  // In the editor view no spot is chosen yet: each one, the current included, takes the user to the camera.
  const chosen = viewMode === 'camera' ? spot : undefined;
  return (
    <PanelSection id="camera.spot" title="Spot" aside={viewMode === 'camera' ? 'Camera view' : 'Editor view'}>
      <Segmented<CameraSpot> label="Camera spot" value={chosen} options={SPOTS} onChange={setSpot} />
    </PanelSection>
  );
}

function RigSection() {
  const spot = useEngineSettings((settings) => settings.Camera.Position);
  if (spot === 'Interior')
    return (
      <PanelSection id="camera.rail" title="Interior rail">
        {(Object.keys(INTERIOR_RANGES) as (keyof Interior)[]).map((axis) => (
          <RailSlider key={axis} axis={axis} />
        ))}
      </PanelSection>
    );
  return (
    <PanelSection id="camera.crane" title="Crane">
      {(Object.keys(CRANE_RANGES) as (keyof Crane)[]).map((axis) => (
        <CraneSlider key={axis} axis={axis} />
      ))}
    </PanelSection>
  );
}

const CRANE_LABELS: Record<keyof Crane, string> = { Yaw: 'Yaw', Pitch: 'Pitch', ArmLength: 'Distance' };

function CraneSlider({ axis }: { axis: keyof Crane }) {
  const [value, setValue] = useEngineAction(craneAction(axis));
  const label = CRANE_LABELS[axis];
  return (
    <SliderField
      label={label}
      accessibleLabel={`Crane ${label.toLowerCase()}`}
      value={value}
      onChange={setValue}
      {...CRANE_RANGES[axis]}
      precision={0}
      defaultValue={DEFAULTS.Crane[axis]}
    />
  );
}

function RailSlider({ axis }: { axis: keyof Interior }) {
  const [value, setValue] = useEngineAction(interiorAction(axis));
  const { unit, ...range } = INTERIOR_RANGES[axis];
  return (
    <SliderField
      label={axis}
      accessibleLabel={`Interior ${axis}`}
      value={value}
      onChange={setValue}
      {...range}
      unit={unit || undefined}
      defaultValue={DEFAULTS.Interior[axis]}
    />
  );
}

/** Spec §3's methods; Disable reads as a state in a list of them. */
const FOCUS_OPTIONS = FOCUS_METHODS.map((value) => ({ value, label: value === 'Disable' ? 'Disabled' : value }));
type FocusMethod = (typeof FOCUS_METHODS)[number];

function LensSection() {
  const [focal, setFocal] = useEngineAction(focalLengthAction);
  const [aperture, setAperture] = useEngineAction(apertureAction);
  const [focus, setFocus] = useEngineAction(focusAction);
  const spot = useEngineSettings((settings) => settings.Camera.Position);
  const change = (next: Partial<Focus>) => focus && setFocus({ ...focus, ...next });
  return (
    <PanelSection id="camera.lens" title="Lens">
      <SliderField
        label="Focal length"
        value={focal}
        onChange={setFocal}
        {...CAMERA_LENS_LIMITS.focalLength}
        unit="mm"
        defaultValue={spot === 'Interior' ? CAMERA_FOCAL_LENGTH.other : CAMERA_FOCAL_LENGTH.Exterior}
      />
      <SliderField
        label="Aperture"
        value={aperture}
        onChange={setAperture}
        {...CAMERA_LENS_LIMITS.aperture}
        step={0.1}
        defaultValue={DEFAULTS.Aperture}
      />
      <SelectField
        label="Focus"
        value={focus?.FocusMethod}
        options={FOCUS_OPTIONS}
        onChange={(FocusMethod) => change({ FocusMethod: FocusMethod as FocusMethod })}
      />
      {focus?.FocusMethod === 'Manual' && (
        <SliderField
          label="Distance"
          accessibleLabel="Focus distance"
          value={focus.ManualFocusDistance}
          onChange={(ManualFocusDistance) => change({ ManualFocusDistance })}
          {...CAMERA_LENS_LIMITS.focusDistance}
          step={10}
          unit="cm"
          defaultValue={DEFAULTS.FocusSettings.ManualFocusDistance}
        />
      )}
    </PanelSection>
  );
}

function BokehSection() {
  const [bokeh, setBokeh] = useEngineAction(bokehAction);
  const shapes = useEngineStore((state) => state.options.bokehShapes);
  const options = shapes.map((value) => ({ value, label: value }));
  return (
    <PanelSection id="camera.bokeh" title="Bokeh">
      <SliderField
        label="Size"
        accessibleLabel="Bokeh size"
        value={bokeh?.Size}
        onChange={(Size) => bokeh && setBokeh({ ...bokeh, Size })}
        {...CAMERA_LENS_LIMITS.bokehSize}
        step={0.1}
        defaultValue={DEFAULTS.Bokeh.Size}
      />
      <SelectField
        label="Shape"
        value={bokeh?.Shape}
        options={options}
        onChange={(Shape) => bokeh && setBokeh({ ...bokeh, Shape })}
      />
    </PanelSection>
  );
}

const GUIDE_OPTIONS = [
  { label: '', options: [{ value: 'None', label: GUIDE_LABELS.None ?? 'None' }] },
  ...COMPOSITION_GUIDE_GROUPS.map((group) => ({
    label: group.label,
    options: group.guides.map((value) => ({ value, label: GUIDE_LABELS[value] ?? value })),
  })),
];

/** The custom image joins the choices once the user gave the engine one. */
const CUSTOM_GUIDE_OPTIONS = [
  ...GUIDE_OPTIONS,
  { label: 'Custom', options: [{ value: CUSTOM_COMPOSITION_GUIDE, label: 'Custom image' }] },
];

function GuidesSection() {
  const [guide, setGuide] = useEngineAction(guideAction);
  const image = useEngineStore((state) => state.images.guide);
  const [opacity, setOpacity] = useEngineAction(guideOpacityAction);
  const visible = useEngineStore((state) => state.view.compositionGuideVisible);
  return (
    <PanelSection
      id="camera.guides"
      title="Composition guide"
      aside={<Switch aria-label="Show composition guide" checked={visible} onChange={setGuideVisible} />}
    >
      <SelectField
        label="Guide"
        value={guide}
        options={image || guide === CUSTOM_COMPOSITION_GUIDE ? CUSTOM_GUIDE_OPTIONS : GUIDE_OPTIONS}
        onChange={setGuide}
      />
      <SliderField
        label="Opacity"
        accessibleLabel="Guide opacity"
        value={opacity}
        onChange={setOpacity}
        min={0}
        max={1}
        step={0.05}
        precision={2}
        disabled={!visible || guide === 'None'}
        defaultValue={DEFAULTS.CompositionOpacity}
      />
      <ImageUploadField
        label="Custom guide"
        current={image}
        onUploaded={async (upload) => {
          await importImage('guide', upload);
          useEngineStore.getState().updateView({ compositionGuideVisible: true });
        }}
      />
    </PanelSection>
  );
}
