import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from 'sonner';
import { FAILURE_TOASTS, type Preset, type RenderEstimates, type SavedConfigSettings } from '@autostudio/protocol';
import { findToast } from '@/test/toasts';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { jsonAnswer, renderJob, stubRenderService } from '@/test/render-service';
import { useRenderJobsStore } from '../stores/render-jobs-store';
import { useRenderSettingsStore } from '../stores/render-settings-store';
import { VideoDialog } from './video-dialog';

const SCENE: SavedConfigSettings = { app: { product: { id: 'terra' } } };

function sequence(id: string, name: string, times: number[] | null): Preset {
  return {
    id,
    name,
    type: 'animation',
    category: 'default',
    settings: JSON.stringify(
      times ? { fps: 24, frames: times.map((time) => ({ params: { time, yaw: time * 10, pitch: -5 } })) } : {},
    ),
    isDefault: false,
    groupId: null,
  } as Preset;
}

/** The dialog, with the user's sequences and what GET /render-estimates answered last (`estimates`). */
function open(sequences: Preset[] | Error, estimates?: RenderEstimates) {
  const onOpenChange = vi.fn();
  // The render service answers each start with a queued job; `started` lists the requests it was sent.
  pointApiClientAt('http://server.test');
  const { started } = stubRenderService(
    [1, 2, 3].map((n) => () => jsonAnswer(renderJob(`job-${n}`), 202)),
    {},
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (estimates) client.setQueryData(['render', 'estimates'], estimates);
  render(
    <QueryClientProvider client={client}>
      <VideoDialog
        open
        onOpenChange={onOpenChange}
        collect={() => SCENE}
        metadataDefaults={{ name: 'Terra', description: '', category: '', brand: '' }}
        configId={null}
        loadSequences={() => (sequences instanceof Error ? Promise.reject(sequences) : Promise.resolve(sequences))}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Render video' }), onOpenChange, started };
}

describe('the video dialog', () => {
  beforeEach(() => {
    useRenderSettingsStore.getState().reset();
  });
  afterEach(() => {
    useRenderJobsStore.getState().clear();
    vi.unstubAllGlobals();
  });

  it('says "Failed to fetch Presets" in a toast and beside the list when the sequences cannot be read', async () => {
    const { dialog } = open(new Error('503'));
    expect(await findToast(FAILURE_TOASTS.fetchPresets)).toBeVisible();
    expect(within(dialog).getByText(FAILURE_TOASTS.fetchPresets)).toBeVisible();
  });

  it('offers the preset animations with their frames and length at 24 fps, and the defaults 720p and MP4', async () => {
    const { dialog } = open([]);
    const animations = within(dialog).getByRole('radiogroup', { name: 'Animation' });
    expect(within(animations).getByRole('radio', { name: /Exterior 360/ })).toBeChecked();
    expect(within(animations).getByText('Exterior 360').closest('label')).toHaveTextContent('360 frames · 15 s');
    expect(within(animations).getByText('Interior 360').closest('label')).toHaveTextContent('240 frames · 10 s');
    expect(within(animations).getByText('Left Close-up View')).toBeVisible();
    expect(within(animations).getByText('Right Close-up View')).toBeVisible();
    expect(
      await within(dialog).findByText('No saved sequences yet: build one on the animation timeline and save it.'),
    ).toBeVisible();
    const resolution = within(dialog).getByRole('radiogroup', { name: 'Resolution' });
    expect(within(resolution).getByRole('radio', { name: '720p' })).toBeChecked();
    const format = within(dialog).getByRole('radiogroup', { name: 'Video format' });
    expect(within(format).getByRole('radio', { name: 'MP4' })).toBeChecked();
    expect(within(format).getByRole('radio', { name: 'MOV' })).toBeInTheDocument();
    expect(within(format).getByRole('radio', { name: 'AVI' })).toBeInTheDocument();
  });

  it('tells how long the video takes here, by its animation’s frames', async () => {
    const user = userEvent.setup();
    // Learnt from finished videos: 10 s to set up and encode, then 20 minutes for the 360 frames of a 720p LOW video.
    const exterior = 1280 * 720 * 16 * 360;
    const { dialog } = open([sequence('seq-1', 'Hero orbit', [0, 1, 2])], {
      timings: [{ kind: 'video', tier: 'raster', fixedSeconds: 10, secondsPerWork: 1200 / exterior, renders: 2 }],
    });
    await user.click(within(dialog).getByRole('radio', { name: /Exterior 360/ }));
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Quality' })).getByRole('radio', { name: 'LOW' }),
    );
    const estimate = within(dialog).getByTestId('render-estimate');
    expect(estimate).toHaveTextContent(
      'Takes about 20 min on this installation, from 2 finished videos at LOW or MEDIUM. A rough guess until 3 have finished.',
    );
    // The 49 frames of the user's sequence.
    await user.click(await within(dialog).findByRole('radio', { name: /Hero orbit/ }));
    expect(within(dialog).getByTestId('render-estimate')).toHaveTextContent('Takes about 2 min 55 s');
  });

  it('renders a chosen sequence as custom, by its id, and a preset animation as preset, by its name', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open([
      sequence('seq-1', 'Hero orbit', [0, 1, 2]),
      sequence('seq-2', 'Empty', null),
    ]);
    const orbit = await within(dialog).findByRole('radio', { name: /Hero orbit/ });
    expect(orbit.closest('label')).toHaveTextContent('49 frames · 2.0 s');
    expect(within(dialog).getByRole('radio', { name: /Empty/ })).toBeDisabled();
    await user.click(orbit);
    expect(useRenderSettingsStore.getState().video).toMatchObject({
      animationType: 'custom',
      selectedCustomAnimation: 'seq-1',
    });
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Video format' })).getByRole('radio', { name: 'MOV' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start video' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({
      animationType: 'custom',
      selectedAnimation: 'seq-1',
      resolutionPreset: '720p',
      videoFormat: 'MOV',
      settings: SCENE,
      metadata: { name: 'Terra', configId: null },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);

    await user.click(within(dialog).getByRole('radio', { name: /Left Close-up View/ }));
    expect(useRenderSettingsStore.getState().video).toMatchObject({
      animationType: 'preset',
      selectedAnimation: 'Left Close-up View',
    });
  });

  it('says at once every reason not to start: no sequence chosen and no name', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open([sequence('seq-1', 'Hero orbit', [0, 1, 2])]);
    await within(dialog).findByRole('radio', { name: /Hero orbit/ });
    // A sequence chosen earlier in the tab that this user no longer sees.
    act(() => useRenderSettingsStore.getState().chooseSequence('seq-gone'));
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Start video' }));
    expect(await within(dialog).findByText('Give the render a name')).toBeVisible();
    expect(within(dialog).getByText('Choose an animation to render')).toBeVisible();
    expect(started()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('Enter in a number box commits the value and starts no video; only Start video starts it', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open([]);
    const samples = within(dialog).getByRole('textbox', { name: 'Anti-aliasing, spatial samples value' });
    await user.clear(samples);
    await user.type(samples, '4{Enter}');
    expect(useRenderSettingsStore.getState().video.antiAliasSpatial).toBe(4);
    expect(started()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Start video' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({ antiAliasSpatial: 4 });
  });
});
