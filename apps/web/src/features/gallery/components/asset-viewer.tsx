import { Box, Download, FileArchive, Pencil, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CAR_MODEL_FORMAT_USES, formatBytes, TURNTABLE_ITEM_KINDS, type RenderedAssetItem } from '@autostudio/protocol';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Segmented } from '@/components/ui/segmented';
import { Spinner } from '@/components/ui/spinner';
import type { GalleryViewer } from '../hooks/use-gallery';
import {
  assetKind,
  carModelFormatOf,
  formatRenderDate,
  isArchiveItem,
  isTurntable,
  isVideo,
  isVideoItem,
  itemLabel,
  TypeBadge,
  viewerOrder,
} from './asset-labels';
import { TurntableViewer } from './turntable-viewer';

/** The viewer's choice that shows a turntable's frames as one car to turn. */
const TURNTABLE_VIEW = 'turntable';

export interface AssetViewerProps {
  viewer: GalleryViewer;
  /** Whether the user may rename, share and delete it (they are absent otherwise). */
  mayManage: boolean;
  onClose: () => void;
  onRename: () => void;
  onShare: () => void;
  onDelete: () => void;
}

// A checkerboard under a still, so that a transparent pass (Car Only, a layer) reads as transparent. Stills and videos
// fit the stage, as large as it allows.
const checkerboard = {
  backgroundColor: '#1b1d22',
  backgroundImage:
    'linear-gradient(45deg, #23262c 25%, transparent 25%, transparent 75%, #23262c 75%),' +
    'linear-gradient(45deg, #23262c 25%, transparent 25%, transparent 75%, #23262c 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 8px 8px',
};

/**
 * One render large: its passes and layers one at a time (a segmented choice, arrow keys move), a video with its
 * controls, each file's download; rename, share and delete for whoever may.
 */
export function AssetViewer({ viewer, mayManage, onClose, onRename, onShare, onDelete }: AssetViewerProps) {
  const { asset, isLoading, error } = viewer;
  const all = viewerOrder(viewer.items);
  // A turntable's frames are one choice, the car to turn; its video (if any) another.
  const frames = isTurntable(asset) ? all.filter((item) => item.kind === TURNTABLE_ITEM_KINDS.frame) : [];
  const items = frames.length > 0 ? all.filter((item) => item.kind !== TURNTABLE_ITEM_KINDS.frame) : all;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [shownFrame, setShownFrame] = useState<RenderedAssetItem | null>(null);
  const turning = frames.length > 0 && (selectedId === null || selectedId === TURNTABLE_VIEW);
  const selected = turning ? (shownFrame ?? frames[0]) : (items.find((item) => item.id === selectedId) ?? items[0]);
  const options = [
    ...(frames.length > 0 ? [{ value: TURNTABLE_VIEW, label: '360°' }] : []),
    ...items.map((item) => ({ value: item.id, label: itemLabel(item) })),
  ];
  const kind = assetKind(asset);

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={asset.name}
        description={[kind, formatRenderDate(asset.createdAt), asset.description].filter(Boolean).join(' · ')}
        width="max-w-6xl"
        className="h-[88vh]"
        footer={
          <>
            {mayManage && (
              <>
                <Button variant="ghost" size="sm" onClick={onRename}>
                  <Pencil aria-hidden />
                  Rename
                </Button>
                <Button variant="ghost" size="sm" onClick={onShare}>
                  <Share2 aria-hidden />
                  Share
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  onClick={onDelete}
                >
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              </>
            )}
            <span className="flex-1" />
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </>
        }
      >
        <div className="flex h-full min-h-0 flex-col gap-2.5">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          {options.length > 0 && !isVideo(asset) && (
            <div className="flex items-center gap-2">
              <TypeBadge asset={asset} />
              <Segmented
                label="Passes and layers"
                value={turning ? TURNTABLE_VIEW : selected?.id}
                options={options}
                onChange={setSelectedId}
                className="max-w-full overflow-x-auto"
              />
            </div>
          )}
          <div
            className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-md border border-border bg-black"
            style={selected && isVideoItem(selected) ? undefined : checkerboard}
          >
            {isLoading && <Spinner className="size-6" label="Loading files" />}
            {turning ? (
              <TurntableViewer frames={frames} name={asset.name} onFrame={setShownFrame} />
            ) : (
              selected && <Stage item={selected} name={asset.name} poster={asset.thumbnailUrl} />
            )}
          </div>
          {selected && <FileBar item={selected} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Stage({ item, name, poster }: { item: RenderedAssetItem; name: string; poster: string | null }) {
  const format = carModelFormatOf(item);
  if (format)
    return (
      <div className="flex max-w-md flex-col items-center gap-3 rounded-md bg-surface/90 p-4 text-center">
        {poster ? (
          <img src={poster} alt={`${name}, the exported car`} className="w-full rounded" />
        ) : (
          <Box className="size-8 text-muted-foreground" aria-hidden />
        )}
        <p className="text-sm text-foreground">
          {item.fileName} <span className="font-mono text-xs text-muted-foreground">{formatBytes(item.size)}</span>
        </p>
        <p className="text-xs text-muted-foreground">{CAR_MODEL_FORMAT_USES[format]}</p>
      </div>
    );
  if (isArchiveItem(item))
    return (
      <div className="flex flex-col items-center gap-2 rounded-md bg-surface/90 px-6 py-5 text-center">
        <FileArchive className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-sm text-foreground">{item.fileName}</p>
        <p className="text-xs text-muted-foreground">Every image of the matrix, named by its variant.</p>
      </div>
    );
  if (isVideoItem(item))
    return (
      // The render has no captions to offer: it is a silent camera move.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        key={item.id}
        src={item.url}
        controls
        preload="metadata"
        {...(poster ? { poster } : {})}
        aria-label={`${name} video`}
        className="size-full bg-black object-contain"
      />
    );
  return <img key={item.id} src={item.url} alt={`${name}, ${itemLabel(item)}`} className="size-full object-contain" />;
}

/** The shown file's facts and its download. */
function FileBar({ item }: { item: RenderedAssetItem }) {
  const facts = [
    item.fileName,
    item.width && item.height ? `${item.width}×${item.height}` : null,
    formatBytes(item.size),
  ].filter(Boolean);
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground">
      <span className="min-w-0 flex-1 truncate font-mono tabular-nums">{facts.join(' · ')}</span>
      <Button asChild variant="secondary" size="sm">
        <a href={item.url} download={item.fileName}>
          <Download aria-hidden />
          Download {itemLabel(item)}
        </a>
      </Button>
    </div>
  );
}
