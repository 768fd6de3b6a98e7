import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES, pathTo, type RenderedAssetItem, type SavedConfigSettings } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { jsonAnswer, renderJob, stubRenderService } from '@/test/render-service';
import { useRenderJobsStore } from '../stores/render-jobs-store';
import { CarModelDialog } from './car-model-dialog';

const SCENE: SavedConfigSettings = {
  app: { product: { id: 'terra' } },
  carConfig: { trim: 'Terra Limited', paint: 'rallye red', configureValues: { DOOR_FL: 50, DOOR_FR: 0 } },
};

const item = (kind: string, fileName: string, size: number): RenderedAssetItem => ({
  id: `item-${kind}`,
  kind,
  url: `/api/media/renders/job-1/${encodeURIComponent(fileName)}`,
  fileName,
  contentType: kind === 'GLB' ? 'model/gltf-binary' : 'model/vnd.usdz+zip',
  size,
  width: null,
  height: null,
  createdAt: '2026-11-29T00:00:00.000Z',
});

function open() {
  pointApiClientAt('http://server.test');
  const exporting = renderJob('job-1', {
    kind: 'carModel',
    status: 'in progress',
    progress: 96,
    message: 'Exporting the car as USDZ',
  });
  const completed = renderJob('job-1', {
    kind: 'carModel',
    status: 'completed',
    progress: 100,
    message: 'The car exported as GLB and USDZ',
    renderedAssetId: 'asset-1',
  });
  const items = [
    item('thumbnail', 'Terra-thumbnail.jpg', 20_000),
    item('GLB', 'Terra.glb', 1_483_388),
    item('USDZ', 'Terra.usdz', 4_452_837),
  ];
  const service = stubRenderService(
    [() => jsonAnswer(renderJob('job-1', { kind: 'carModel' }), 202)],
    { 'job-1': [exporting, completed] },
    (path) => (path === pathTo(API_ROUTES.renderedAssets.items, { id: 'asset-1' }) ? jsonAnswer(items) : undefined),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CarModelDialog
        open
        onOpenChange={vi.fn()}
        collect={() => SCENE}
        metadataDefaults={{ name: 'Terra', description: '', category: 'SUV', brand: 'Autostudio' }}
        configId={null}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Export 3D model' }), ...service };
}

const format = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('group', { name: 'Formats' })).getByRole('button', { name: new RegExp(`^${name}`) });

describe('the 3D export dialog', () => {
  afterEach(() => {
    cleanup();
    useRenderJobsStore.getState().clear();
    vi.unstubAllGlobals();
  });

  it('says which car it exports, and exports nothing without a format', async () => {
    const user = userEvent.setup();
    const { dialog } = open();
    expect(within(dialog).getByTestId('car-model-summary')).toHaveTextContent(
      'Terra Limited · Rallye Red · front left door open',
    );
    await user.click(format(dialog, 'GLB'));
    await user.click(format(dialog, 'USDZ'));
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('follows its export to the end, then offers each file with its size before the download', async () => {
    const user = userEvent.setup();
    const { dialog, started } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]).toEqual({
      formats: ['GLB', 'USDZ'],
      settings: SCENE,
      metadata: { name: 'Terra', description: '', category: 'SUV', brand: 'Autostudio', configId: null },
    });
    expect(useRenderJobsStore.getState().jobs).toMatchObject([{ kind: 'carModel', name: 'Terra' }]);
    await vi.waitFor(() => expect(within(dialog).getByText('Exporting the car as USDZ')).toBeInTheDocument(), {
      timeout: 5000,
    });

    const files = await vi.waitFor(() => within(dialog).getByRole('list', { name: 'Exported files' }), {
      timeout: 5000,
    });
    // The picture is the gallery's; the files are the two formats, each with its size.
    expect(within(files).getAllByRole('listitem')).toHaveLength(2);
    expect(within(files).getByText('1.4 MB')).toBeInTheDocument();
    expect(within(files).getByText('4.2 MB')).toBeInTheDocument();
    const glb = within(files).getByRole('link', { name: 'Download GLB' });
    expect(glb).toHaveAttribute('href', '/api/media/renders/job-1/Terra.glb');
    expect(glb).toHaveAttribute('download', 'Terra.glb');
  });
});
