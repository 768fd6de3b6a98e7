import {
  CAR_MODEL_ASSET_TYPE,
  CAR_MODEL_FILES,
  MATRIX_ITEM_KINDS,
  TURNTABLE_ASSET_TYPE,
  type CarModelFormat,
  type RenderedAsset,
  type RenderedAssetItem,
} from '@autostudio/protocol';
import { cn } from '@/lib/cn';

/** The render service records a video's type as "video" and a still's as "image". */
export const isVideo = (asset: Pick<RenderedAsset, 'type'>): boolean => asset.type === 'video';

export const isVideoItem = (item: Pick<RenderedAssetItem, 'contentType'>): boolean =>
  item.contentType.startsWith('video/');

/** A variant matrix: its images, a contact sheet and a ZIP (issue 34). */
export const isMatrix = (asset: Pick<RenderedAsset, 'type'>): boolean => asset.type === 'matrix';

export const isArchiveItem = (item: Pick<RenderedAssetItem, 'contentType'>): boolean =>
  item.contentType === 'application/zip';

/** A turntable: the car turned once as evenly spaced frames, and a video of them on request (issue 34 item 2). */
export const isTurntable = (asset: Pick<RenderedAsset, 'type'>): boolean => asset.type === TURNTABLE_ASSET_TYPE;

/** The configured car exported as files for AR and 3D tools (issue 34 item 4). */
export const isCarModel = (asset: Pick<RenderedAsset, 'type'>): boolean => asset.type === CAR_MODEL_ASSET_TYPE;

/** The format of an exported car's file (GLB, USDZ), or undefined for any other file. */
export const carModelFormatOf = (item: Pick<RenderedAssetItem, 'contentType'>): CarModelFormat | undefined =>
  (Object.keys(CAR_MODEL_FILES) as CarModelFormat[]).find(
    (format) => CAR_MODEL_FILES[format].contentType === item.contentType,
  );

/** A file's name in the viewer: its pass or layer (Beauty, Depth, Car…), Video, or a matrix's variant by its name. */
export function itemLabel(item: RenderedAssetItem): string {
  if (isVideoItem(item)) return 'Video';
  if (item.kind === MATRIX_ITEM_KINDS.variant) return item.fileName.replace(/\.[a-z]+$/i, '');
  if (item.kind === MATRIX_ITEM_KINDS.contactSheet) return 'Contact sheet';
  if (isArchiveItem(item)) return 'ZIP';
  return item.kind;
}

/** A matrix's contact sheet first, its images, and the ZIP last; any other render's files as it wrote them. */
export function viewerOrder(items: RenderedAssetItem[]): RenderedAssetItem[] {
  const rank = (item: RenderedAssetItem) =>
    item.kind === MATRIX_ITEM_KINDS.contactSheet ? 0 : isArchiveItem(item) ? 2 : 1;
  return [...items].sort((a, b) => rank(a) - rank(b));
}

const BADGES = {
  video: { label: 'Video', className: 'bg-violet-600/90 text-white' },
  matrix: { label: 'Matrix', className: 'bg-amber-600/90 text-white' },
  model: { label: '3D', className: 'bg-teal-600/90 text-white' },
  turntable: { label: '360°', className: 'bg-emerald-700/90 text-white' },
  still: { label: 'Still', className: 'bg-sky-700/90 text-white' },
} as const;

const badgeOf = (asset: Pick<RenderedAsset, 'type'>) =>
  BADGES[
    isVideo(asset)
      ? 'video'
      : isMatrix(asset)
        ? 'matrix'
        : isCarModel(asset)
          ? 'model'
          : isTurntable(asset)
            ? 'turntable'
            : 'still'
  ];

/** What a render is, in words: Still, Video, Matrix, 3D or 360°. */
export const assetKind = (asset: Pick<RenderedAsset, 'type'>): string => badgeOf(asset).label;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatRenderDate = (iso: string): string => dateFormat.format(new Date(iso));

/** Still, Video, Matrix, 3D or 360°, over a thumbnail's corner. */
export function TypeBadge({ asset, className }: { asset: Pick<RenderedAsset, 'type'>; className?: string }) {
  const badge = badgeOf(asset);
  return (
    <span
      className={cn(
        'rounded px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide',
        badge.className,
        className,
      )}
    >
      {badge.label}
    </span>
  );
}
