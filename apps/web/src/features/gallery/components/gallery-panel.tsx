import { Film, Image as ImageIcon, Images, Pencil, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { canCreate, canManage, type RenderedAsset, type User } from '@autostudio/protocol';
import { ActionMenu, type MenuAction } from '@/components/ui/action-menu';
import { ErrorAlert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { RenameDialog } from '@/components/ui/rename-dialog';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useGallery } from '../hooks/use-gallery';
import { useGalleryStore } from '../stores/gallery-store';
import { AssetViewer } from './asset-viewer';
import { formatRenderDate, isVideo, TypeBadge } from './asset-labels';

export interface GalleryPanelProps {
  user: User;
  /** Opens the share dialog for a render (the app layer owns it). */
  onShare: (asset: RenderedAsset) => void;
}

const errorText = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/**
 * The gallery (spec §2), over the studio's right side: the user's renders and those shared with them, newest first,
 * with thumbnails; open one in the viewer; rename, share and delete where the user may. Open and closed by the
 * gallery store; its renders come from useGallery.
 */
export function GalleryPanel({ user, onShare }: GalleryPanelProps) {
  const { items, total, page, limit, isLoading, error, viewer, rename, remove } = useGallery();
  const open = useGalleryStore((state) => state.open);
  const { setOpen, setPage, view, closeViewer } = useGalleryStore.getState();
  const [renaming, setRenaming] = useState<RenderedAsset | null>(null);
  const [deleting, setDeleting] = useState<RenderedAsset | null>(null);

  const mayManage = (asset: RenderedAsset) => canManage(user, 'renderedAsset', asset.ownerId);
  const actionsFor = (asset: RenderedAsset): MenuAction[] =>
    mayManage(asset)
      ? [
          { label: 'Rename', icon: Pencil, onSelect: () => setRenaming(asset) },
          { label: 'Share', icon: Share2, onSelect: () => onShare(asset) },
          { label: 'Delete', icon: Trash2, onSelect: () => setDeleting(asset), destructive: true },
        ]
      : [];

  return (
    <>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent
          title="Gallery"
          description="Your renders and those shared with you, newest first."
          headerExtra={isLoading && <Spinner className="mt-0.5 size-4" label="Loading renders" />}
          footer={<Pagination page={page} limit={limit} total={total} onPage={setPage} disabled={isLoading} />}
        >
          {error && <ErrorAlert>{error}</ErrorAlert>}
          {!isLoading && !error && items.length === 0 && <EmptyGallery mayRender={canCreate(user, 'renderedAsset')} />}
          <ul aria-label="Renders" className="grid grid-cols-2 gap-2.5">
            {items.map((asset) => (
              <li key={asset.id}>
                <RenderCard
                  asset={asset}
                  shared={asset.ownerId !== user.id}
                  viewing={viewer?.asset.id === asset.id}
                  actions={actionsFor(asset)}
                  onOpen={() => view(asset)}
                />
              </li>
            ))}
          </ul>
        </SheetContent>
      </Sheet>
      {viewer && (
        <AssetViewer
          viewer={viewer}
          mayManage={mayManage(viewer.asset)}
          onClose={closeViewer}
          onRename={() => setRenaming(viewer.asset)}
          onShare={() => onShare(viewer.asset)}
          onDelete={() => setDeleting(viewer.asset)}
        />
      )}
      {renaming && (
        <RenameDialog
          open
          onOpenChange={(next) => !next && setRenaming(null)}
          title="Rename render"
          withDescription
          initial={{ name: renaming.name, description: renaming.description }}
          onSave={async ({ name, description }) => {
            try {
              await rename(renaming, name, description);
            } catch (caught) {
              toast.error(errorText(caught));
              throw caught;
            }
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete render?"
        description={`“${deleting?.name ?? ''}” and all its files are deleted for everyone it is shared with. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove(deleting.id);
          } catch (caught) {
            toast.error(errorText(caught));
            throw caught;
          }
        }}
      />
    </>
  );
}

function EmptyGallery({ mayRender }: { mayRender: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 py-16 text-center text-muted-foreground">
      <Images className="size-8 opacity-60" aria-hidden />
      <p className="font-medium text-foreground">No renders yet</p>
      <p className="max-w-64 text-xs">
        {mayRender
          ? 'Stills and videos you render appear here as they complete, with those shared with you.'
          : 'Renders shared with you appear here.'}
      </p>
    </div>
  );
}

interface RenderCardProps {
  asset: RenderedAsset;
  shared: boolean;
  viewing: boolean;
  actions: MenuAction[];
  onOpen: () => void;
}

function RenderCard({ asset, shared, viewing, actions, onOpen }: RenderCardProps) {
  const KindIcon = isVideo(asset) ? Film : ImageIcon;
  return (
    <div
      className={cn(
        'relative flex flex-col overflow-hidden rounded-md border border-border bg-background/40 transition-colors',
        'hover:border-muted-foreground/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        viewing && 'border-primary ring-1 ring-primary',
      )}
    >
      {/* One button opens the viewer; the actions menu sits beside it, not inside. */}
      <button type="button" aria-label={asset.name} onClick={onOpen} className="flex flex-col text-left outline-none">
        <span className="relative flex aspect-video w-full items-center justify-center bg-black/60">
          {asset.thumbnailUrl ? (
            <img src={asset.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <KindIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
          <span className="absolute left-1.5 top-1.5 flex gap-1">
            <TypeBadge asset={asset} />
            {shared && (
              <span className="rounded bg-black/60 px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide text-white">
                Shared
              </span>
            )}
          </span>
        </span>
        <span className="block min-w-0 px-2 py-1.5 pr-8">
          <span className="block truncate text-[12px] font-medium" title={asset.name}>
            {asset.name}
          </span>
          <span className="block truncate text-[11px] text-muted-foreground">{formatRenderDate(asset.createdAt)}</span>
        </span>
      </button>
      <span className="absolute bottom-1.5 right-1">
        <ActionMenu label={`Actions for ${asset.name}`} actions={actions} />
      </span>
    </div>
  );
}
