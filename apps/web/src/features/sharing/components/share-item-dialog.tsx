import { API_ROUTES, FAILURE_TOASTS, isAdmin, SUCCESS_TOASTS, type SharedWith, type User } from '@autostudio/protocol';
import { shareItem, type ShareRoutes } from '../api/sharing-api';
import { ShareDialog, type ShareFailureMessages } from './share-dialog';
import { ShareLinks } from './share-links';

/** What differs between the kinds of item the product shares: their routes and the spec's messages. */
const SHAREABLE = {
  config: {
    routes: API_ROUTES.configs,
    failures: {
      users: FAILURE_TOASTS.shareConfigurationWithUsers,
      groups: FAILURE_TOASTS.shareConfigurationWithGroups,
    },
  },
  preset: {
    routes: API_ROUTES.presets,
    failures: { users: FAILURE_TOASTS.sharePresetWithUsers, groups: FAILURE_TOASTS.sharePresetWithGroups },
  },
  renderedAsset: {
    routes: API_ROUTES.renderedAssets,
    // Spec §8 has one text for renders, whoever they are shared with.
    failures: { users: FAILURE_TOASTS.shareAssetRendered, groups: FAILURE_TOASTS.shareAssetRendered },
  },
  assetModel: {
    routes: API_ROUTES.assetModels,
    failures: {
      users: FAILURE_TOASTS.shareAssetModelWithUsers,
      groups: FAILURE_TOASTS.shareAssetModelWithGroups,
    },
    // Spec §8 names asset models' share successes, with the model's name in them.
    successes: (name: string) => ({
      users: SUCCESS_TOASTS.assetModelSharedWithUsers(name),
      groups: SUCCESS_TOASTS.assetModelSharedWithGroups(name),
    }),
  },
} as const satisfies Record<
  string,
  { routes: ShareRoutes; failures: ShareFailureMessages; successes?: (name: string) => ShareFailureMessages }
>;

export type ShareableKind = keyof typeof SHAREABLE;

export interface ShareItemDialogProps {
  kind: keyof typeof SHAREABLE;
  item: SharedWith & { id: string; name: string; ownerId: string | null };
  user: User;
  onClose: () => void;
  /** Refreshes the item's list once who has access changed. */
  onChanged: () => void;
}

/** The share dialog for one configuration, preset, render or asset model, as the signed-in user sees it. */
export function ShareItemDialog({ kind, item, user, onClose, onChanged }: ShareItemDialogProps) {
  const shareable = SHAREABLE[kind];
  const { routes, failures } = shareable;
  return (
    <ShareDialog
      open
      onOpenChange={(next) => !next && onClose()}
      itemName={item.name}
      access={item}
      excludeUserIds={[user.id, ...(item.ownerId ? [item.ownerId] : [])]}
      ownerLabel={item.ownerId === user.id ? `${user.name} (you)` : undefined}
      // Read-only links are the owner's to give (and an administrator's): a configuration's only, for now.
      extra={
        kind === 'config' && (item.ownerId === user.id || isAdmin(user)) ? <ShareLinks configId={item.id} /> : undefined
      }
      failures={failures}
      {...('successes' in shareable ? { successes: shareable.successes(item.name) } : {})}
      onShare={async (principal, ids, remove) => {
        const access = await shareItem(routes, item.id, principal, ids, remove);
        onChanged();
        return access;
      }}
    />
  );
}
