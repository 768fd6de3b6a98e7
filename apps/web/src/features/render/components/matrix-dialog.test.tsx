import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedConfigSettings } from '@autostudio/protocol';
import { useEngineStore } from '@/lib/engine';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { jsonAnswer, renderJob, stubRenderService } from '@/test/render-service';
import { useRenderJobsStore } from '../stores/render-jobs-store';
import { useRenderSettingsStore } from '../stores/render-settings-store';
import { MatrixDialog } from './matrix-dialog';

const SCENE: SavedConfigSettings = { app: { product: { id: 'terra' } }, scene: { timeOfDay: 'Sunset' } };

/** The engine as the studio read it: three trims, the current one Terra Limited, each offering its own paints. */
function engineOffers() {
  useEngineStore.getState().updateOptions({
    trims: ['Terra Base', 'Terra Limited', 'Terra Wilderness'].map((name, index) => ({ name, index, label: name })),
    paints: ['rallye red', 'cobalt blue'],
    swatches: { 'rallye red': '#b3121b', 'cobalt blue': '#1f4fa8' },
    trimPaints: {
      'Terra Base': ['glacier white', 'rallye red'],
      'Terra Limited': ['rallye red', 'cobalt blue'],
      'Terra Wilderness': ['desert sand'],
    },
  });
  // The dialog reads only the current trim of the engine's settings.
  useEngineStore.setState({ settings: { Trim: 'Terra Limited' } as never });
}

function open() {
  pointApiClientAt('http://server.test');
  const { started } = stubRenderService([() => jsonAnswer(renderJob('job-1'), 202)], {});
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MatrixDialog
        open
        onOpenChange={onOpenChange}
        collect={() => SCENE}
        metadataDefaults={{ name: 'Terra', description: '', category: 'SUV', brand: 'Autostudio' }}
        configId={null}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Render variant matrix' }), started, onOpenChange };
}

const chip = (dialog: HTMLElement, group: string, name: string) =>
  within(within(dialog).getByRole('group', { name: group })).getByRole('button', { name });

describe('the variant matrix dialog', () => {
  beforeEach(() => {
    useRenderSettingsStore.getState().reset();
    engineOffers();
  });
  afterEach(() => {
    cleanup();
    useRenderJobsStore.getState().clear();
    vi.unstubAllGlobals();
  });

  it('starts from the current trim in its paints, and counts what a choice renders and skips', async () => {
    const user = userEvent.setup();
    const { dialog } = open();
    expect(chip(dialog, 'Trims', 'Terra Limited')).toHaveAttribute('aria-pressed', 'true');
    expect(chip(dialog, 'Trims', 'Terra Base')).toHaveAttribute('aria-pressed', 'false');
    expect(chip(dialog, 'Paints', 'Cobalt Blue')).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 stills.');

    // Terra Base offers Rallye Red but not Cobalt Blue: three stills, one skipped.
    await user.click(chip(dialog, 'Trims', 'Terra Base'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 stills; 1 combination not offered, skipped.');
    const grid = within(dialog).getByRole('table', { name: 'What the matrix renders' });
    expect(within(grid).getAllByText('rendered')).toHaveLength(3);
    expect(within(grid).getAllByText('not offered')).toHaveLength(1);

    // Nothing offered: nothing to start.
    await user.click(chip(dialog, 'Trims', 'Terra Base'));
    await user.click(chip(dialog, 'Trims', 'Terra Limited'));
    await user.click(chip(dialog, 'Trims', 'Terra Wilderness'));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'None of the chosen trims offers any of the chosen paints',
    );
    expect(within(dialog).getByRole('button', { name: 'Start matrix' })).toBeDisabled();
  });

  it('starts one matrix job with the trims and paints in the engine’s order, the image settings and the scene', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open();
    await user.click(chip(dialog, 'Paints', 'Glacier White'));
    await user.click(chip(dialog, 'Trims', 'Terra Base'));
    await user.click(within(dialog).getByRole('button', { name: 'Start matrix' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({
      trims: ['Terra Base', 'Terra Limited'],
      paints: ['glacier white', 'rallye red', 'cobalt blue'],
      resolutionPreset: '1080p',
      imageFormat: 'JPG',
      quality: 'MEDIUM',
      settings: SCENE,
      metadata: { name: 'Terra', configId: null },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(useRenderJobsStore.getState().jobs).toMatchObject([{ kind: 'matrix', name: 'Terra' }]);
  });

  it('renders every variant from each view chosen, in the order of the views, or the current view when none is', async () => {
    const user = userEvent.setup();
    const { dialog, started } = open();
    expect(within(dialog).getByText('No view or environment chosen: the current view and environment.')).toBeVisible();
    await user.click(chip(dialog, 'Views', 'Side'));
    await user.click(chip(dialog, 'Views', 'Front ¾'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('4 stills.');
    expect(within(dialog).getByText('Each variant from 2 angles, in the current environment.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Start matrix' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({ trims: ['Terra Limited'], views: ['Front ¾', 'Side'] });
  });

  it('renders every variant in each environment chosen, but offers no HDRI backdrop of the user’s own', async () => {
    const environment = (name: string, category: 'Indoor' | 'Outdoor', isCustomBackPlate = false) => ({
      name,
      label: name,
      path: `/Game/Autostudio/Environments/${name}/${name}.${name}`,
      category,
      isOutdoor: category === 'Outdoor',
      isCustomBackPlate,
      isDefault: false,
      id: name,
      environmentConfigOptions: [],
    });
    useEngineStore.getState().updateOptions({
      environments: [
        environment('studio', 'Indoor'),
        environment('desert', 'Outdoor'),
        environment('HDRIBackdrop', 'Outdoor', true),
      ],
    });
    const user = userEvent.setup();
    const { dialog, started } = open();
    const places = within(dialog).getByRole('group', { name: 'Environments' });
    expect(
      within(places)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Studio', 'Desert']);
    await user.click(chip(dialog, 'Environments', 'Desert'));
    await user.click(chip(dialog, 'Environments', 'Studio'));
    await user.click(chip(dialog, 'Views', 'Side'));
    expect(within(dialog).getByText('Each variant from 1 angle, in 2 environments.')).toBeVisible();
    // Terra Limited in its two paints, in two places.
    expect(within(dialog).getByRole('status')).toHaveTextContent('4 stills.');
    await user.click(within(dialog).getByRole('button', { name: 'Start matrix' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({ views: ['Side'], environments: ['studio', 'desert'] });
  });
});
