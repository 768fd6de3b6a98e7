import { useNavigate } from 'react-router';
import { useAuthStore } from '@/features/auth';
import { AssetModelsPage } from '@/features/admin/asset-models';
import { ConfigsPage } from '@/features/admin/configs';
import { GroupsPage } from '@/features/admin/groups';
import { PresetsPage } from '@/features/admin/presets';
import { RenderedAssetsPage } from '@/features/admin/rendered-assets';
import { UsersPage } from '@/features/admin/users';
import { ShareItemDialog } from '@/features/sharing';
import { RenderedAssetViewer } from './rendered-asset-viewer';

/**
 * The admin console's pages, in one lazily loaded part of the app: none of it ships with the studio or the sign-in
 * screen. The router takes each page from here.
 */
export { AdminHome, AdminLayout } from '@/features/admin';
export { SystemPage } from '@/features/admin/system';

/** The signed-in administrator; the admin guard has made sure there is one. */
function useMe() {
  const me = useAuthStore((state) => state.user);
  if (!me) throw new Error('The admin console needs a signed-in administrator');
  return me;
}

export function UsersRoute() {
  return <UsersPage me={useMe()} />;
}

export function GroupsRoute() {
  return <GroupsPage />;
}

export function PresetsRoute() {
  const me = useMe();
  return (
    <PresetsPage
      renderShare={(preset, onChanged, onClose) => (
        <ShareItemDialog kind="preset" item={preset} user={me} onChanged={onChanged} onClose={onClose} />
      )}
    />
  );
}

export function ConfigsRoute() {
  const me = useMe();
  const navigate = useNavigate();
  return (
    <ConfigsPage
      me={me}
      onOpenInStudio={(config) =>
        void import('./open-in-studio').then(({ openInStudio }) => openInStudio(config, navigate))
      }
      renderShare={(config, onChanged, onClose) => (
        <ShareItemDialog kind="config" item={config} user={me} onChanged={onChanged} onClose={onClose} />
      )}
    />
  );
}

export function AssetModelsRoute() {
  const me = useMe();
  return (
    <AssetModelsPage
      renderShare={(model, onChanged, onClose) => (
        <ShareItemDialog kind="assetModel" item={model} user={me} onChanged={onChanged} onClose={onClose} />
      )}
    />
  );
}

export function RenderedAssetsRoute() {
  const me = useMe();
  return (
    <RenderedAssetsPage
      renderShare={(asset, onChanged, onClose) => (
        <ShareItemDialog kind="renderedAsset" item={asset} user={me} onChanged={onChanged} onClose={onClose} />
      )}
      renderViewer={(asset, actions) => <RenderedAssetViewer asset={asset} {...actions} />}
    />
  );
}
