import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { User as UserIcon, Users, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { SUCCESS_TOASTS, type SharedWith } from '@autostudio/protocol';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { peopleKeys, searchGroups, searchUsers } from '@/api/people';
import { PeoplePicker, type PickerCandidate } from '@/components/people-picker';
import type { Principal } from '../api/sharing-api';

/** What the dialog says when sharing fails, per principal: the spec words them per kind of item. */
export interface ShareFailureMessages {
  users: string;
  groups: string;
}

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item's name, for the title. */
  itemName: string;
  /** Who has access now. */
  access: SharedWith;
  /** Shares with users or groups, or revokes; resolves with who has access afterwards. */
  onShare: (principal: Principal, ids: string[], remove: boolean) => Promise<SharedWith>;
  failures: ShareFailureMessages;
  /** What a successful share says, per principal, where the spec names it (asset models); otherwise one text. */
  successes?: ShareFailureMessages;
  /** People the picker does not offer: the owner and the user sharing. */
  excludeUserIds?: readonly string[];
  /** Who owns the item ("You", or their name), listed first under who has access. */
  ownerLabel?: string;
  /** More ways to share, under who has access (a configuration's read-only links). */
  extra?: ReactNode;
}

interface Candidate extends PickerCandidate {
  principal: Principal;
  id: string;
}

const keyOf = (principal: Principal, id: string) => `${principal}:${id}`;

const candidate = (principal: Principal, id: string, name: string, detail: string): Candidate => ({
  principal,
  id,
  key: keyOf(principal, id),
  name,
  detail,
  icon: <PrincipalIcon principal={principal} />,
});

/**
 * The one share dialog (configurations, presets and renders now; asset models later): pick people and groups by
 * name, share with all of them at once, see who has access and revoke it. Mount it when it opens.
 */
export function ShareDialog({
  open,
  onOpenChange,
  itemName,
  access: initialAccess,
  onShare,
  failures,
  successes,
  excludeUserIds = [],
  ownerLabel,
  extra,
}: ShareDialogProps) {
  const [access, setAccess] = useState(initialAccess);
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<ReadonlyMap<string, Candidate>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const candidates = useQuery({
    queryKey: peopleKeys.usersAndGroups(term),
    queryFn: async ({ signal }): Promise<Candidate[]> => {
      const [users, groups] = await Promise.all([searchUsers(term, signal), searchGroups(term, signal)]);
      return [
        ...users.map((user) => candidate('user', user.id, user.name, user.username)),
        ...groups.map((group) =>
          candidate(
            'group',
            group.id,
            group.name,
            `${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}`,
          ),
        ),
      ];
    },
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const hasAccess = new Set([
    ...access.sharedUsers.map((user) => keyOf('user', user.id)),
    ...access.sharedGroups.map((group) => keyOf('group', group.id)),
  ]);
  const offered = (candidates.data ?? []).filter(
    (candidate) =>
      !hasAccess.has(keyOf(candidate.principal, candidate.id)) &&
      !(candidate.principal === 'user' && excludeUserIds.includes(candidate.id)),
  );

  const toggle = (candidate: Candidate) => {
    const next = new Map(selected);
    if (next.has(candidate.key)) next.delete(candidate.key);
    else next.set(candidate.key, candidate);
    setSelected(next);
  };

  /** Runs the share calls one principal at a time, so that a failure names the part that failed. */
  const run = async (changes: { principal: Principal; ids: string[] }[], remove: boolean) => {
    setBusy(true);
    setError(null);
    try {
      for (const { principal, ids } of changes) {
        if (ids.length === 0) continue;
        try {
          setAccess(await onShare(principal, ids, remove));
        } catch (caught) {
          const message = principal === 'user' ? failures.users : failures.groups;
          setError(message);
          toast.error(message);
          console.error('share failed', caught);
          return false;
        }
      }
      const shared = changes.filter(({ ids }) => ids.length > 0);
      if (remove || !successes) toast.success(remove ? SUCCESS_TOASTS.accessRevoked : SUCCESS_TOASTS.accessShared);
      else for (const { principal } of shared) toast.success(principal === 'user' ? successes.users : successes.groups);
      return true;
    } finally {
      setBusy(false);
    }
  };

  const shareSelected = async () => {
    const chosen = [...selected.values()];
    const idsOf = (principal: Principal) => chosen.filter((c) => c.principal === principal).map((c) => c.id);
    const done = await run(
      [
        { principal: 'user', ids: idsOf('user') },
        { principal: 'group', ids: idsOf('group') },
      ],
      false,
    );
    if (done) setSelected(new Map());
  };

  const holders: Candidate[] = [
    ...access.sharedUsers.map((user) => candidate('user', user.id, user.name, '')),
    ...access.sharedGroups.map((group) => candidate('group', group.id, group.name, '')),
  ];

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title={`Share “${itemName}”`}
        description="People and groups you share with can open and load it; only you can change it."
        width="max-w-lg"
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Done
            </Button>
            <Button onClick={() => void shareSelected()} disabled={busy || selected.size === 0}>
              {busy && <Spinner className="size-3.5 text-primary-foreground" label="Sharing" />}
              {selected.size > 1 ? `Share with ${selected.size}` : 'Share'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <PeoplePicker
            searchLabel="Search people and groups"
            listLabel="People and groups"
            term={term}
            onSearch={setTerm}
            search={candidates}
            failure="Could not search people and groups"
            nobody={(searched) => (searched ? `Nobody matches “${searched}”` : 'Nobody to add')}
            offered={offered}
            picked={new Set(selected.keys())}
            onToggle={toggle}
          />
          <section aria-label="Who has access">
            <h3 className="mb-1.5 text-xs font-medium uppercase tracking-wider text-muted-foreground">
              Who has access
            </h3>
            {holders.length === 0 && !ownerLabel ? (
              <p className="text-muted-foreground">Only you. Nobody else can see it yet.</p>
            ) : (
              <ul className="divide-y divide-border rounded-md border border-border">
                {ownerLabel && (
                  <li className="flex items-center gap-2.5 px-3 py-2">
                    <PrincipalIcon principal="user" />
                    <span className="min-w-0 flex-1 truncate">{ownerLabel}</span>
                    <span className="text-xs text-muted-foreground">Owner</span>
                  </li>
                )}
                {holders.length === 0 && (
                  <li className="px-3 py-2 text-muted-foreground">Nobody else can see it yet.</li>
                )}
                {holders.map((holder) => (
                  <li key={holder.key} className="flex items-center gap-2.5 px-3 py-1.5">
                    <PrincipalIcon principal={holder.principal} />
                    <span className="min-w-0 flex-1 truncate">{holder.name}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={`Remove access for ${holder.name}`}
                      onClick={() => void run([{ principal: holder.principal, ids: [holder.id] }], true)}
                    >
                      <X aria-hidden />
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {extra}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PrincipalIcon({ principal }: { principal: Principal }) {
  const Icon = principal === 'user' ? UserIcon : Users;
  return (
    <Icon className="size-4 shrink-0 text-muted-foreground" aria-label={principal === 'user' ? 'User' : 'Group'} />
  );
}
