import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from 'sonner';
import { STATE_MESSAGES, type RenderEstimates, type SavedConfigSettings } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { findToast } from '@/test/toasts';
import { jsonAnswer, renderJob, stubRenderService } from '@/test/render-service';
import { useRenderJobsStore } from '../stores/render-jobs-store';
import { useRenderSettingsStore } from '../stores/render-settings-store';
import { RenderDialog } from './render-dialog';

const SCENE: SavedConfigSettings = { app: { product: { id: 'terra' } }, scene: { timeOfDay: 'Sunset' } };

/** The dialog, with what GET /render-estimates answered last (`estimates`), as the app's query cache holds it. */
function open(estimates?: RenderEstimates, collect: () => SavedConfigSettings = () => SCENE) {
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
      <RenderDialog
        open
        onOpenChange={onOpenChange}
        collect={collect}
        metadataDefaults={{ name: 'Terra', description: '', category: 'SUV', brand: 'Autostudio' }}
        configId="config-7"
      />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Render image' });
  return { dialog, onOpenChange, started };
}

const radio = (dialog: HTMLElement, group: string, name: string) =>
  within(within(dialog).getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('the render dialog', () => {
  beforeEach(() => {
    useRenderSettingsStore.getState().reset();
  });
  afterEach(() => {
    useRenderJobsStore.getState().clear();
    vi.unstubAllGlobals();
  });

  it('shows the spec’s defaults, with Car Only for Car Transparent BG and passes only for Multi Pass', async () => {
    const user = userEvent.setup();
    const { dialog } = open();
    expect(radio(dialog, 'Render type', 'Default')).toBeChecked();
    expect(radio(dialog, 'Render type', 'Car Only')).toBeInTheDocument();
    expect(radio(dialog, 'Resolution', '1080p')).toBeChecked();
    expect(radio(dialog, 'Image format', 'JPG')).toBeChecked();
    expect(radio(dialog, 'Quality', 'MEDIUM')).toBeChecked();
    expect(radio(dialog, 'Car shadow', 'With ground')).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Anti-aliasing, spatial samples value' })).toHaveValue('8');
    expect(within(dialog).getByRole('textbox', { name: 'Anti-aliasing, temporal samples value' })).toHaveValue('8');
    expect(within(dialog).getByRole('textbox', { name: 'Width' })).toHaveValue('1920');
    expect(within(dialog).getByRole('textbox', { name: 'Width' })).toBeDisabled();
    expect(within(dialog).getByTestId('quality-note')).toHaveTextContent('64 samples per image');
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Terra');
    expect(within(dialog).queryByRole('group', { name: 'Passes' })).not.toBeInTheDocument();

    await user.click(radio(dialog, 'Render type', 'Multi Pass'));
    const passes = within(dialog).getByRole('group', { name: 'Passes' });
    expect(within(passes).getByRole('button', { name: 'Color ID' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(passes).getByRole('button', { name: 'Depth' }));
    expect(useRenderSettingsStore.getState().still.selectedPasses).toEqual(['Color ID', 'Depth']);
    await user.click(within(passes).getByRole('button', { name: 'Color ID' }));
    await user.click(within(passes).getByRole('button', { name: 'Depth' }));
    expect(within(dialog).getByText('Choose at least one pass')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Start render' })).toBeDisabled();
  });

  it('tells how long the render as set takes on this installation, and follows the size and quality', async () => {
    const user = userEvent.setup();
    // Learnt from three finished stills: 5 s to load and store, then 100 s for a 1080p still of 64 samples.
    const { dialog } = open({
      timings: [
        { kind: 'still', tier: 'raster', fixedSeconds: 5, secondsPerWork: 100 / (1920 * 1080 * 64), renders: 3 },
      ],
    });
    const estimate = within(dialog).getByTestId('render-estimate');
    expect(estimate).toHaveTextContent('Takes about 1 min 45 s on this installation, from 3 finished stills');
    expect(estimate).not.toHaveTextContent('rough guess');
    // LOW draws a quarter of the samples.
    await user.click(radio(dialog, 'Quality', 'LOW'));
    expect(estimate).toHaveTextContent('Takes about 30 s');
    // 4K at MEDIUM: four times the pixels.
    await user.click(radio(dialog, 'Quality', 'MEDIUM'));
    await user.click(radio(dialog, 'Resolution', '4K'));
    expect(within(dialog).getByTestId('render-estimate')).toHaveTextContent('Takes about 6 min 45 s');
    // HIGH path traces where it can: nothing learnt from raster stills stands for it.
    await user.click(radio(dialog, 'Quality', 'HIGH'));
    expect(within(dialog).getByTestId('render-estimate')).toHaveTextContent(
      'No still at HIGH has finished here yet: the first one sets the estimate.',
    );
  });

  it('checks a custom size and refuses to start with one it cannot render', async () => {
    const user = userEvent.setup();
    const { dialog, started } = open();
    await user.click(radio(dialog, 'Resolution', 'Custom'));
    const width = within(dialog).getByRole('textbox', { name: 'Width' });
    const height = within(dialog).getByRole('textbox', { name: 'Height' });
    expect(width).toBeEnabled();
    await user.clear(width);
    await user.type(width, '8');
    expect(width).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Width is a whole number of pixels from 16 to 3840')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Start render' })).toBeDisabled();
    await user.type(width, '000');
    expect(within(dialog).getByText('Width is a whole number of pixels from 16 to 3840')).toBeVisible();
    await user.clear(width);
    await user.type(width, '192');
    await user.clear(height);
    await user.type(height, '108');
    expect(width).toHaveAttribute('aria-invalid', 'false');
    expect(useRenderSettingsStore.getState().still.customResolution).toEqual({ width: 192, height: 108 });
    expect(within(dialog).getByTestId('render-summary')).toHaveTextContent('192×108 · JPG · MEDIUM');
    expect(started()).toEqual([]);
  });

  it('Enter in a number box or the name commits the value and starts nothing (issue 30: it cost a 20-minute video)', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open();
    const samples = within(dialog).getByRole('textbox', { name: 'Anti-aliasing, spatial samples value' });
    await user.clear(samples);
    await user.type(samples, '16{Enter}');
    expect(useRenderSettingsStore.getState().still.antiAliasSpatial).toBe(16);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '{Enter}');
    expect(started()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Start render' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({ antiAliasSpatial: 16 });
  });

  it('starts from the start button: the request carries the settings, the studio’s scene and the metadata, and it closes', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open();
    await user.click(radio(dialog, 'Image format', 'PNG'));
    await user.click(radio(dialog, 'Quality', 'LOW'));
    await user.click(radio(dialog, 'Render type', 'Car Only'));
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, '  Dusk still ');
    await user.click(within(dialog).getByRole('button', { name: 'Start render' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toEqual({
      renderType: 'Car Transparent BG',
      selectedPasses: [],
      resolutionPreset: '1080p',
      imageFormat: 'PNG',
      antiAliasSpatial: 8,
      antiAliasTemporal: 8,
      carShadowMode: 'WithGround',
      quality: 'LOW',
      settings: SCENE,
      metadata: { name: 'Dusk still', description: '', category: 'SUV', brand: 'Autostudio', configId: 'config-7' },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a name or a category the server would refuse, says why beside each, and starts nothing', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.paste('Dusk\u202Estill');
    const category = within(dialog).getByRole('textbox', { name: 'Category' });
    await user.clear(category);
    await user.paste('SUV\u0007');
    await user.click(within(dialog).getByRole('button', { name: 'Start render' }));
    expect(await within(dialog).findByText('The name must not contain control characters')).toBeVisible();
    expect(within(dialog).getByText('The category must not contain control characters')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('The name must not contain control characters');
    expect(started()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says in a toast why the studio could not be read, and starts nothing', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open(undefined, () => {
      throw new Error('The engine has not been read yet');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Start render' }));
    const shown = await findToast(STATE_MESSAGES.startRenderFailed, { timeout: 10_000 });
    expect(shown).toHaveTextContent('The engine has not been read yet');
    expect(started()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('needs a name', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open();
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Start render' }));
    expect(await within(dialog).findByText('Give the render a name')).toBeVisible();
    expect(started()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows the last choices when opened again', async () => {
    const user = userEvent.setup();
    const first = open();
    await user.click(radio(first.dialog, 'Resolution', '4K'));
    await user.click(radio(first.dialog, 'Car shadow', 'Separate layer'));
    await user.keyboard('{Escape}');
    expect(first.onOpenChange).toHaveBeenCalledWith(false);
    cleanup();
    const second = open();
    expect(radio(second.dialog, 'Resolution', '4K')).toBeChecked();
    expect(radio(second.dialog, 'Car shadow', 'Separate layer')).toBeChecked();
  });
});
