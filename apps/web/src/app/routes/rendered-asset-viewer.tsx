import { FAILURE_TOASTS, type RenderedAsset } from '@autostudio/protocol';
import { useRenderedAssetItems } from '@/api/rendered-assets';
import { AssetViewer } from '@/features/gallery/components/asset-viewer';

export interface RenderedAssetViewerProps {
  asset: RenderedAsset;
  onClose: () => void;
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}

/**
 * The gallery's viewer (stills with their passes and layers, videos with controls, downloads) for the admin page's
 * rendered assets. The viewer belongs to the gallery feature, so the app composes it here with the render's files.
 */
export function RenderedAssetViewer({ asset, onClose, onEdit, onShare, onDelete }: RenderedAssetViewerProps) {
  const items = useRenderedAssetItems(asset.id);
  return (
    <AssetViewer
      viewer={{
        asset,
        items: items.data ?? [],
        isLoading: items.isPending,
        // Spec §8: "Failed to fetch asset items" lives in the viewer's state, without a toast.
        error: items.isError ? FAILURE_TOASTS.fetchAssetItems : null,
      }}
      mayManage
      onClose={onClose}
      onRename={onEdit}
      onShare={onShare}
      onDelete={onDelete}
    />
  );
}
