import { Aperture, Box, Clapperboard, Grid3x3, Images, Rotate3d } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { canCreate, MAX_LIST_LIMIT, type Preset } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/features/auth';
import { useConfigurationStore } from '@/features/configurations';
import { useGalleryStore } from '@/features/gallery';
import { dismissRender, useCancelRender, useRenderJobs } from '@/features/render';
import { useSessionStore } from '@/features/session';
import { useEngineStore } from '@/lib/engine';
import { studioSettings } from './configuration-loading';

// The dialogs and the panel load when first needed, by path: /home's first paint carries only the buttons.
const RenderDialog = lazy(() =>
  import('@/features/render/components/render-dialog').then((m) => ({ default: m.RenderDialog })),
);
const VideoDialog = lazy(() =>
  import('@/features/render/components/video-dialog').then((m) => ({ default: m.VideoDialog })),
);
const MatrixDialog = lazy(() =>
  import('@/features/render/components/matrix-dialog').then((m) => ({ default: m.MatrixDialog })),
);
const TurntableDialog = lazy(() =>
  import('@/features/render/components/turntable-dialog').then((m) => ({ default: m.TurntableDialog })),
);
const CarModelDialog = lazy(() =>
  import('@/features/render/components/car-model-dialog').then((m) => ({ default: m.CarModelDialog })),
);
const GallerySheet = lazy(() => import('./gallery-sheet').then((m) => ({ default: m.GallerySheet })));
const RenderProgressPanel = lazy(() =>
  import('@/features/render/components/render-progress-panel').then((m) => ({ default: m.RenderProgressPanel })),
);

/**
 * The user's own sequences for the video dialog: the animation presets they see, as many as one page holds. The
 * presets' API comes with the dialog, not with the toolbar.
 */
const loadSequences = async (): Promise<Preset[]> => {
  const { listPresets } = await import('@/api/presets');
  return (await listPresets({ page: 1, limit: MAX_LIST_LIMIT, type: 'animation' })).items;
};

/**
 * The batch buttons' words show from 1280 pixels wide; narrower, they are icons with their name as a tooltip, so that
 * the toolbar fits a laptop's window beside the product's name.
 */
const BATCH_LABEL = 'hidden xl:inline';

type OpenDialog = 'render' | 'video' | 'matrix' | 'turntable' | 'carModel' | null;

/**
 * The studio toolbar's render controls, beside Save: Render (a still), Video, Matrix (trims × paints), Turntable, 3D (the car as
 * GLB and USDZ) and Gallery. A guest, who may create no
 * rendered asset, gets neither Render nor Video (issue 17 item 7), only the gallery of what is shared with them;
 * Render and Video wait for the engine to be read.
 */
export function RenderToolbar() {
  const user = useAuthStore((state) => state.user);
  const product = useSessionStore((state) => state.product);
  const current = useConfigurationStore((state) => state.current);
  const configId = useConfigurationStore((state) => state.currentId);
  const engineIsReady = useEngineStore((state) => state.status === 'ready');
  const [open, setOpen] = useState<OpenDialog>(null);
  const galleryIsOpen = useGalleryStore((state) => state.open);
  const collect = useCallback(() => studioSettings(product), [product]);
  const metadataDefaults = useMemo(
    () => ({
      name: current?.name ?? product?.name ?? 'Render',
      description: '',
      category: product?.category ?? '',
      brand: product?.brand ?? '',
    }),
    [current, product],
  );

  if (!user) return null;
  const mayRender = canCreate(user, 'renderedAsset');
  const onOpenChange = (dialog: OpenDialog) => (next: boolean) => setOpen(next ? dialog : null);
  return (
    <>
      {mayRender && (
        <>
          <Button
            variant="secondary"
            size="sm"
            disabled={!engineIsReady}
            onClick={() => setOpen('render')}
            title="Render an image of the current view"
          >
            <Aperture aria-hidden />
            Render
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!engineIsReady}
            onClick={() => setOpen('video')}
            title="Render a video of a camera move"
          >
            <Clapperboard aria-hidden />
            Video
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!engineIsReady}
            onClick={() => setOpen('matrix')}
            aria-label="Matrix"
            title="Render every chosen trim in every chosen paint, with a contact sheet and a ZIP"
          >
            <Grid3x3 aria-hidden />
            <span className={BATCH_LABEL}>Matrix</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!engineIsReady}
            onClick={() => setOpen('turntable')}
            aria-label="Turntable"
            title="Render the car turned once: a 360° view to drag round, and a video on request"
          >
            <Rotate3d aria-hidden />
            <span className={BATCH_LABEL}>Turntable</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!engineIsReady}
            onClick={() => setOpen('carModel')}
            aria-label="3D"
            title="Download the car as configured as GLB and USDZ, for AR and 3D tools"
          >
            <Box aria-hidden />
            <span className={BATCH_LABEL}>3D</span>
          </Button>
        </>
      )}
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        onClick={() => useGalleryStore.getState().setOpen(true)}
        title="Your renders and those shared with you"
      >
        <Images aria-hidden />
        Gallery
      </Button>
      <Suspense fallback={null}>
        {galleryIsOpen && <GallerySheet user={user} />}
        {open === 'render' && (
          <RenderDialog
            open
            onOpenChange={onOpenChange('render')}
            collect={collect}
            metadataDefaults={metadataDefaults}
            configId={configId}
          />
        )}
        {open === 'matrix' && (
          <MatrixDialog
            open
            onOpenChange={onOpenChange('matrix')}
            collect={collect}
            metadataDefaults={metadataDefaults}
            configId={configId}
          />
        )}
        {open === 'turntable' && (
          <TurntableDialog
            open
            onOpenChange={onOpenChange('turntable')}
            collect={collect}
            metadataDefaults={metadataDefaults}
            configId={configId}
          />
        )}
        {open === 'carModel' && (
          <CarModelDialog
            open
            onOpenChange={onOpenChange('carModel')}
            collect={collect}
            metadataDefaults={metadataDefaults}
            configId={configId}
          />
        )}
        {open === 'video' && (
          <VideoDialog
            open
            onOpenChange={onOpenChange('video')}
            collect={collect}
            metadataDefaults={metadataDefaults}
            configId={configId}
            loadSequences={loadSequences}
          />
        )}
      </Suspense>
    </>
  );
}

/** The render jobs tray over the viewport: it follows the tab's renders; the panel's code loads with the first. */
export function RenderJobsTray() {
  const jobs = useRenderJobs();
  const cancel = useCancelRender();
  if (jobs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RenderProgressPanel jobs={jobs} cancel={cancel} dismiss={dismissRender} />
    </Suspense>
  );
}
