import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedConfigSettings } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { jsonAnswer, renderJob, stubRenderService } from '@/test/render-service';
import { useRenderJobsStore } from '../stores/render-jobs-store';
import { useRenderSettingsStore } from '../stores/render-settings-store';
import { TurntableDialog } from './turntable-dialog';

const SCENE: SavedConfigSettings = { app: { product: { id: 'terra' } }, camera: { crane: { yaw: 30 } } };

function open() {
  pointApiClientAt('http://server.test');
  const { started } = stubRenderService([() => jsonAnswer(renderJob('job-1', { kind: 'turntable' }), 202)], {});
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TurntableDialog
        open
        onOpenChange={onOpenChange}
        collect={() => SCENE}
        metadataDefaults={{ name: 'Terra', description: '', category: 'SUV', brand: 'Autostudio' }}
        configId={null}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Render turntable' }), started, onOpenChange };
}

describe('the turntable dialog', () => {
  beforeEach(() => useRenderSettingsStore.getState().reset());
  afterEach(() => {
    cleanup();
    useRenderJobsStore.getState().clear();
    vi.unstubAllGlobals();
  });

  it('starts one turntable job of the frames chosen, with a video when asked, the image settings and the scene', async () => {
    const user = userEvent.setup();
    const { dialog, started, onOpenChange } = open();
    expect(within(dialog).getByTestId('render-summary')).toHaveTextContent('36 frames');
    await user.click(within(dialog).getByRole('radio', { name: '72' }));
    expect(within(dialog).getByText('A frame every 5°: more frames turn more smoothly and take longer.')).toBeVisible();
    await user.click(within(dialog).getByRole('switch', { name: 'Also as a video' }));
    await user.click(within(dialog).getByRole('radio', { name: 'MOV' }));
    expect(within(dialog).getByTestId('render-summary')).toHaveTextContent(
      '72 frames · 1920×1080 · JPG · MEDIUM · MOV',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start turntable' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toMatchObject({
      frames: 72,
      videoFormat: 'MOV',
      resolutionPreset: '1080p',
      imageFormat: 'JPG',
      quality: 'MEDIUM',
      settings: SCENE,
      metadata: { name: 'Terra', configId: null },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(useRenderJobsStore.getState().jobs).toMatchObject([{ kind: 'turntable', name: 'Terra' }]);
  });
});
