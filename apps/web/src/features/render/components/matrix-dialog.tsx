import {
  CUSTOM_RESOLUTION,
  MATRIX_LIMITS,
  MATRIX_VIEWS,
  type MatrixViewName,
  STATE_MESSAGES,
  requestedResolution,
  variantTitle,
} from '@autostudio/protocol';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { paintLabel, useEngineStore } from '@/lib/engine';
import { matrixRenderRequest } from '../lib/render-request';
import { useStartRender } from '../hooks/use-render-jobs';
import { useRenderSettingsStore } from '../stores/render-settings-store';
import {
  MetadataFields,
  QualityFields,
  RenderDialogFrame,
  Row,
  Section,
  SizeFields,
  collectScene,
  sizeErrors,
  useMetadataForm,
  type SizeDraft,
} from './render-fields';
import type { RenderDialogProps } from './render-dialog';
import { RenderEstimate } from './render-estimate';

/** The studio's render dialogs take the same props: see RenderDialogProps. */
export type MatrixDialogProps = RenderDialogProps;

/** What each variant is rendered as: from how many angles, in how many places. */
function perVariant(views: number, environments: number): string {
  const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (views === 0 && environments === 0) return 'No view or environment chosen: the current view and environment.';
  const angles = views === 0 ? 'from the current view' : `from ${plural(views, 'angle')}`;
  const places = environments === 0 ? 'in the current environment' : `in ${plural(environments, 'environment')}`;
  return `Each variant ${angles}, ${places}.`;
}

/** Every paint any trim offers, in the order the trims list them. */
function allPaints(trimPaints: Record<string, string[]>): string[] {
  return [...new Set(Object.values(trimPaints).flat())];
}

function Chip({
  on,
  onToggle,
  swatch,
  children,
}: {
  on: boolean;
  onToggle: () => void;
  swatch?: string | undefined;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className={cn(
        'inline-flex h-6 items-center gap-1.5 rounded-md border px-2 text-[12px] transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        on
          ? 'border-primary/70 bg-primary/15 text-foreground'
          : 'border-border bg-surface-raised text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {swatch ? (
        <span className="size-2.5 rounded-full border border-white/20" style={{ background: swatch }} aria-hidden />
      ) : (
        on && <Check className="size-3" aria-hidden />
      )}
      {children}
    </button>
  );
}

/**
 * The variant matrix dialog (issue 34): every chosen trim in every chosen paint, each a still in the current look
 * (from named angles and in chosen environments, or the current view and environment) at the size and quality of the
 * image dialog, as one job that makes a contact sheet and a ZIP. The grid shows what will be rendered; a combination
 * a trim does not offer is shown, and skipped.
 */
export function MatrixDialog({ open, onOpenChange, collect, metadataDefaults, configId }: MatrixDialogProps) {
  const settings = useRenderSettingsStore((state) => state.still);
  const updateStill = useRenderSettingsStore((state) => state.updateStill);
  const options = useEngineStore((state) => state.options);
  const currentTrim = useEngineStore((state) => state.settings?.Trim);
  const trims = options.trims.map((trim) => trim.name);
  const paints = allPaints(options.trimPaints);
  const [chosenTrims, setChosenTrims] = useState<string[]>(() => (currentTrim ? [currentTrim] : trims.slice(0, 1)));
  const [chosenPaints, setChosenPaints] = useState<string[]>(() =>
    options.paints.length > 0 ? options.paints : paints,
  );
  const [chosenViews, setChosenViews] = useState<MatrixViewName[]>([]);
  // An HDRI backdrop shows an image of the user's own: no place to render a range in.
  const environments = options.environments.filter((env) => !env.isCustomBackPlate);
  const [chosenEnvironments, setChosenEnvironments] = useState<string[]>([]);
  const [sizeDraft, setSizeDraft] = useState<SizeDraft | null>(null);
  const form = useMetadataForm(metadataDefaults);
  const { startMatrix } = useStartRender();
  const sizeInvalid = Object.values(sizeErrors(sizeDraft)).some(Boolean);
  const size = requestedResolution(settings);

  // In the order the engine lists them, whatever the order they were picked in.
  const rows = trims.filter((trim) => chosenTrims.includes(trim));
  const columns = paints.filter((paint) => chosenPaints.includes(paint));
  const offered = (trim: string, paint: string) => options.trimPaints[trim]?.includes(paint) ?? false;
  // In the order of MATRIX_VIEWS; none: the current view.
  const views = MATRIX_VIEWS.map((view) => view.name).filter((name) => chosenViews.includes(name));
  // In the order the engine lists them; none: the current environment.
  const places = environments.filter((env) => chosenEnvironments.includes(env.name));
  const perCell = Math.max(1, views.length) * Math.max(1, places.length);
  const stills = rows.reduce((sum, trim) => sum + columns.filter((paint) => offered(trim, paint)).length, 0) * perCell;
  const combinations = rows.length * columns.length * perCell;
  const variantError =
    rows.length === 0 || columns.length === 0
      ? 'Choose at least one trim and one paint'
      : stills === 0
        ? 'None of the chosen trims offers any of the chosen paints'
        : combinations > MATRIX_LIMITS.variants
          ? `${combinations} combinations: a matrix makes at most ${MATRIX_LIMITS.variants}`
          : null;
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  const start = form.handleSubmit((fields) => {
    if (variantError || sizeInvalid) return;
    // Read afresh: a number box commits its value when it loses focus to the start button.
    const current = useRenderSettingsStore.getState().still;
    const scene = collectScene(collect, STATE_MESSAGES.startRenderFailed);
    if (!scene) return;
    void startMatrix(
      matrixRenderRequest(
        current,
        { trims: rows, paints: columns, views, environments: places.map((env) => env.name) },
        { ...fields, configId },
        scene,
      ),
    );
    onOpenChange(false);
  });

  const sizeText =
    settings.resolutionPreset === CUSTOM_RESOLUTION && sizeInvalid ? '–' : `${size.width}×${size.height}`;
  return (
    <RenderDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Render variant matrix"
      description="Every chosen trim in every chosen paint, from the chosen angles in the chosen environments (or the current ones) and in the current look, as one job: the images, a contact sheet and a ZIP in the gallery."
      formId="render-matrix"
      summary={`${stills} still${stills === 1 ? '' : 's'} · ${sizeText} · ${settings.imageFormat} · ${settings.quality}`}
      startLabel="Start matrix"
      startDisabled={Boolean(variantError) || sizeInvalid}
      onStart={() => void start()}
    >
      <div className="flex flex-col gap-4">
        <Section title="Variants">
          <Row label="Trims">
            <div role="group" aria-label="Trims" className="flex flex-wrap gap-1">
              {trims.map((trim) => (
                <Chip
                  key={trim}
                  on={chosenTrims.includes(trim)}
                  onToggle={() => setChosenTrims(toggle(chosenTrims, trim))}
                >
                  {trim}
                </Chip>
              ))}
            </div>
          </Row>
          <Row label="Paints">
            <div role="group" aria-label="Paints" className="flex flex-wrap gap-1">
              {paints.map((paint) => (
                <Chip
                  key={paint}
                  on={chosenPaints.includes(paint)}
                  swatch={options.swatches[paint]}
                  onToggle={() => setChosenPaints(toggle(chosenPaints, paint))}
                >
                  {paintLabel(paint)}
                </Chip>
              ))}
            </div>
          </Row>
          <Row label="Views">
            <div role="group" aria-label="Views" className="flex flex-wrap gap-1">
              {MATRIX_VIEWS.map(({ name }) => (
                <Chip
                  key={name}
                  on={chosenViews.includes(name)}
                  onToggle={() => setChosenViews(toggle(chosenViews, name) as MatrixViewName[])}
                >
                  {name}
                </Chip>
              ))}
            </div>
          </Row>
          {environments.length > 1 && (
            <Row label="Environments">
              <div role="group" aria-label="Environments" className="flex flex-wrap gap-1">
                {environments.map((env) => (
                  <Chip
                    key={env.name}
                    on={chosenEnvironments.includes(env.name)}
                    onToggle={() => setChosenEnvironments(toggle(chosenEnvironments, env.name))}
                  >
                    {variantTitle(env.label)}
                  </Chip>
                ))}
              </div>
            </Row>
          )}
          <p className="ml-[104px] -mt-1.5 text-[11px] text-muted-foreground">
            {perVariant(views.length, places.length)}
          </p>
          <div className="ml-[96px] flex flex-col gap-1.5">
            <div className="flex gap-2 text-[11px]">
              <button type="button" className="text-primary hover:underline" onClick={() => setChosenTrims(trims)}>
                All trims
              </button>
              <button type="button" className="text-primary hover:underline" onClick={() => setChosenPaints(paints)}>
                All paints
              </button>
            </div>
            {rows.length > 0 && columns.length > 0 && (
              <table className="border-separate border-spacing-0.5 text-[10px]" aria-label="What the matrix renders">
                <thead>
                  <tr>
                    <th />
                    {columns.map((paint) => (
                      <th
                        key={paint}
                        scope="col"
                        className="max-w-12 truncate px-0.5 font-normal text-muted-foreground"
                        title={paintLabel(paint)}
                      >
                        {paintLabel(paint).split(' ')[0]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((trim) => (
                    <tr key={trim}>
                      <th scope="row" className="pr-1 text-left font-normal whitespace-nowrap text-muted-foreground">
                        {trim}
                      </th>
                      {columns.map((paint) => (
                        <td
                          key={paint}
                          title={
                            offered(trim, paint)
                              ? `${trim} · ${paintLabel(paint)}`
                              : `${trim} does not offer ${paintLabel(paint)}`
                          }
                          className={cn(
                            'h-4 min-w-6 rounded-sm border',
                            offered(trim, paint) ? 'border-primary/50 bg-primary/25' : 'border-border bg-transparent',
                          )}
                        >
                          <span className="sr-only">{offered(trim, paint) ? 'rendered' : 'not offered'}</span>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className={cn('text-[11px]', variantError ? 'text-destructive' : 'text-muted-foreground')} role="status">
              {variantError ??
                `${stills} still${stills === 1 ? '' : 's'}${combinations > stills ? `; ${combinations - stills} combination${combinations - stills === 1 ? '' : 's'} not offered, skipped` : ''}.`}
            </p>
          </div>
        </Section>
        <SizeFields target="still" settings={settings} draft={sizeDraft} onDraft={setSizeDraft} />
      </div>
      <div className="flex flex-col gap-4">
        <QualityFields
          settings={settings}
          onChange={updateStill}
          estimate={
            <RenderEstimate
              open={open}
              kind="matrix"
              settings={settings}
              resolution={sizeInvalid ? null : size}
              frames={stills > 0 ? stills : null}
            />
          }
        />
        <MetadataFields form={form} />
      </div>
    </RenderDialogFrame>
  );
}
