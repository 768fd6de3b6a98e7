import type { RenderedAsset, RenderedAssetItem } from '@autostudio/protocol';
import { cn } from '@/lib/cn';

/** The render service records a video's type as "video" and a still's as "image". */
export const isVideo = (asset: Pick<RenderedAsset, 'type'>): boolean => asset.type === 'video';

export const isVideoItem = (item: Pick<RenderedAssetItem, 'contentType'>): boolean =>
  item.contentType.startsWith('video/');

/** A file's name in the viewer: its pass or layer (Beauty, Depth, Car…), or Video. */
export const itemLabel = (item: RenderedAssetItem): string => (isVideoItem(item) ? 'Video' : item.kind);

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatRenderDate = (iso: string): string => dateFormat.format(new Date(iso));

/** Still or Video, over a thumbnail's corner. */
export function TypeBadge({ asset, className }: { asset: Pick<RenderedAsset, 'type'>; className?: string }) {
  const video = isVideo(asset);
  return (
    <span
      className={cn(
        'rounded px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide',
        video ? 'bg-violet-600/90 text-white' : 'bg-sky-700/90 text-white',
        className,
      )}
    >
      {video ? 'Video' : 'Still'}
    </span>
  );
}
