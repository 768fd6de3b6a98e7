import { FolderOpen, Save } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { canCreate, type Config } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth';
import { useInvalidateConfigurations } from '@/api/configurations';
import { captureSnapshot, useConfigurationStore } from '@/features/configurations';
import { useSessionStore } from '@/features/session';
import { useEngineStore } from '@/lib/engine';
import { loadConfiguration, studioSettings, useConfigurationRestore } from './configuration-loading';

// The dialogs load when first opened: /home's first paint carries only the buttons.
// They are imported by path: the features' index modules are part of the first bundle already.
const loadSaveDialog = () => import('@/features/configurations/components/save-configuration-dialog');
const SaveConfigurationDialog = lazy(() => loadSaveDialog().then((m) => ({ default: m.SaveConfigurationDialog })));
const ConfigurationBrowser = lazy(() =>
  import('@/features/configurations/components/configuration-browser').then((m) => ({
    default: m.ConfigurationBrowser,
  })),
);
const ShareItemDialog = lazy(() => import('@/features/sharing').then((m) => ({ default: m.ShareItemDialog })));

/** The compare view with the current configuration (when there is one) beside the one picked. */
const compareAddress = (currentId: string | null, id: string) =>
  `${paths.compare}?ids=${[...new Set([currentId, id].filter((value) => value !== null))].join(',')}`;

/** The stream's <video>; Epic's player library creates it inside the viewport, so it is found, not referenced. */
const streamVideo = () => document.querySelector<HTMLVideoElement>('[data-testid="viewport-area"] video');
const takeSnapshot = () => {
  const video = streamVideo();
  return video ? captureSnapshot(video) : Promise.resolve(null);
};

type OpenDialog = 'save' | 'browse' | null;

/** The viewport's picture, as the save dialog shows and saves it. */
type Snapshot = { blob: Blob; url: string } | null;

/**
 * The studio toolbar's configuration controls: the current configuration's name, the browser, and Save (also
 * Ctrl/⌘+S). A guest, who may create nothing, gets no Save button.
 */
export function ConfigurationToolbar() {
  const user = useAuthStore((state) => state.user);
  const product = useSessionStore((state) => state.product);
  const current = useConfigurationStore((state) => state.current);
  const invalidateConfigurations = useInvalidateConfigurations();
  const engineIsReady = useEngineStore((state) => state.status === 'ready');
  const [open, setOpen] = useState<OpenDialog>(null);
  const [sharing, setSharing] = useState<Config | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot>(null);
  const navigate = useNavigate();
  const maySave = user !== null && canCreate(user, 'config');
  useConfigurationRestore();

  // The picture is taken before the dialog opens (with its code loading meanwhile), so the dialog opens with its
  // preview rather than a blank frame that fills in later; and it is the picture as it was when Save was pressed.
  const openSave = useCallback(() => {
    void Promise.all([takeSnapshot().catch(() => null), loadSaveDialog()]).then(([blob]) => {
      setSnapshot(blob && { blob, url: URL.createObjectURL(blob) });
      setOpen('save');
    });
  }, []);
  useEffect(() => {
    if (!snapshot) return;
    return () => URL.revokeObjectURL(snapshot.url);
  }, [snapshot]);

  useEffect(() => {
    if (!maySave) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (useEngineStore.getState().status === 'ready') openSave();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [maySave, openSave]);

  const collect = useCallback(() => studioSettings(product), [product]);
  const onOpenChange = (dialog: OpenDialog) => (next: boolean) => setOpen(next ? dialog : null);

  if (!user) return null;
  return (
    <>
      {current && (
        <span className="max-w-56 truncate text-muted-foreground" title="Current configuration">
          {current.name}
        </span>
      )}
      <Button variant="ghost" size="sm" onClick={() => setOpen('browse')}>
        <FolderOpen aria-hidden />
        Configurations
      </Button>
      {maySave && (
        <Button
          variant="secondary"
          size="sm"
          disabled={!engineIsReady}
          onClick={openSave}
          title="Save configuration (Ctrl+S)"
        >
          <Save aria-hidden />
          Save
        </Button>
      )}
      <Suspense fallback={null}>
        {open === 'save' && (
          <SaveConfigurationDialog
            open
            onOpenChange={onOpenChange('save')}
            collect={collect}
            snapshot={snapshot}
            defaultName={product?.name ?? 'Configuration'}
          />
        )}
        {open === 'browse' && (
          <ConfigurationBrowser
            open
            onOpenChange={onOpenChange('browse')}
            user={user}
            onLoad={loadConfiguration}
            onShare={setSharing}
            onCompare={(config) => void navigate(compareAddress(current?.id ?? null, config.id))}
          />
        )}
        {sharing && (
          <ShareItemDialog
            kind="config"
            item={sharing}
            user={user}
            onClose={() => setSharing(null)}
            onChanged={() => void invalidateConfigurations()}
          />
        )}
      </Suspense>
    </>
  );
}
