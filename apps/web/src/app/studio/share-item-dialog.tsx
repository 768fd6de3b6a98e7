import { API_ROUTES, FAILURE_TOASTS, type SharedWith, type User } from '@autostudio/protocol';
import { shareItem, ShareDialog, type ShareFailureMessages, type ShareRoutes } from '@/features/sharing';

/** What differs between the kinds of item the studio shares: their routes and the spec's failure messages. */
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
} as const satisfies Record<string, { routes: ShareRoutes; failures: ShareFailureMessages }>;

export interface ShareItemDialogProps {
  kind: keyof typeof SHAREABLE;
  item: SharedWith & { id: string; name: string; ownerId: string | null };
  user: User;
  onClose: () => void;
  /** Refreshes the item's list once who has access changed. */
  onChanged: () => void;
}

/** The share dialog for one configuration, preset or render, as the signed-in user sees it. */
export function ShareItemDialog({ kind, item, user, onClose, onChanged }: ShareItemDialogProps) {
  const { routes, failures } = SHAREABLE[kind];
  return (
    <ShareDialog
      open
      onOpenChange={(next) => !next && onClose()}
      itemName={item.name}
      access={item}
      excludeUserIds={[user.id, ...(item.ownerId ? [item.ownerId] : [])]}
      ownerLabel={item.ownerId === user.id ? `${user.name} (you)` : undefined}
      failures={failures}
      onShare={async (principal, ids, remove) => {
        const access = await shareItem(routes, item.id, principal, ids, remove);
        onChanged();
        return access;
      }}
    />
  );
}
