import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FAILURE_TOASTS, SUCCESS_TOASTS, type Group } from '@autostudio/protocol';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { withFailureToast } from '@/lib/list/with-failure-toast';
import { changeMembers, findUsers } from '../api/groups-api';

export interface MembersDialogProps {
  group: Group;
  onClose: () => void;
  /** Refreshes the list once the members changed (its members column). */
  onChanged: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A group's members: find people by name and add the ones picked at once (with Add, or with Done), or take someone
 * out. Each change is saved as it is made; the list behind follows.
 */
export function MembersDialog({ group: initial, onClose, onChanged }: MembersDialogProps) {
  const [group, setGroup] = useState(initial);
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const memberIds = new Set(group.users.map((user) => user.id));

  const candidates = useQuery({
    queryKey: ['group-member-candidates', term],
    queryFn: withFailureToast(
      ({ signal }: { signal: AbortSignal }) => findUsers(term, signal),
      FAILURE_TOASTS.fetchUsers,
    ),
    placeholderData: keepPreviousData,
  });
  const offered = (candidates.data ?? []).filter((user) => !memberIds.has(user.id));

  /** Saves a change of members (PUT /user-groups/{id}/users); answers whether it was saved. */
  const change = async (userIds: string[], remove: boolean): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      setGroup(await changeMembers(group.id, userIds, remove));
      if (!remove) setPicked(new Set());
      toast.success(SUCCESS_TOASTS.groupUpdated);
      onChanged();
      return true;
    } catch (caught) {
      setError(errorText(caught));
      toast.error(remove ? FAILURE_TOASTS.removeUsersFromGroup : FAILURE_TOASTS.addUsersToGroup);
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Done keeps what was ticked: people picked but not yet added are added first; on a failure the dialog stays open.
  const done = async () => {
    if (picked.size > 0 && !(await change([...picked], false))) return;
    onClose();
  };

  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent
        title={`Members of ${group.name}`}
        description="Everyone in the group sees what is shared with it."
        width="max-w-lg"
        footer={
          <>
            {busy && <Spinner className="mr-auto size-4" label="Saving" />}
            <Button variant="secondary" onClick={() => void done()} disabled={busy}>
              Done
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-[13px]">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <section aria-label="Add members" className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <SearchInput label="Find people" value={term} onSearch={setTerm} className="flex-1" />
              <Button disabled={busy || picked.size === 0} onClick={() => void change([...picked], false)}>
                <UserPlus aria-hidden />
                {picked.size > 1 ? `Add ${picked.size}` : 'Add'}
              </Button>
            </div>
            <ul aria-label="People found" className="max-h-40 overflow-auto rounded-md border border-border">
              {candidates.isPending && (
                <li className="px-3 py-2 text-muted-foreground">
                  <Spinner className="size-4" label="Searching" />
                </li>
              )}
              {candidates.isError && <li className="px-3 py-2 text-destructive">{FAILURE_TOASTS.fetchUsers}</li>}
              {candidates.isSuccess && offered.length === 0 && (
                <li className="px-3 py-2 text-muted-foreground">
                  {term ? `Nobody else matches “${term}”.` : 'Everyone found is already a member.'}
                </li>
              )}
              {offered.map((user) => {
                const on = picked.has(user.id);
                return (
                  <li key={user.id}>
                    <button
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(user.id)}
                      className={cn(
                        'flex w-full items-center gap-2 px-3 py-1.5 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                        on && 'bg-primary/10',
                      )}
                    >
                      <span
                        aria-hidden
                        className={cn(
                          'flex size-4 items-center justify-center rounded border border-border',
                          on && 'border-primary bg-primary text-primary-foreground',
                        )}
                      >
                        {on && <Check className="size-3" />}
                      </span>
                      <span className="font-medium">{user.name}</span>
                      <span className="text-muted-foreground">{user.username}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-label="Members" className="flex flex-col gap-1.5">
            <h3 className="text-xs font-medium text-muted-foreground">
              {group.users.length === 0
                ? 'No members yet'
                : `${group.users.length} ${group.users.length === 1 ? 'member' : 'members'}`}
            </h3>
            {group.users.length > 0 && (
              <ul className="max-h-52 divide-y divide-border overflow-auto rounded-md border border-border">
                {group.users.map((member) => (
                  <li key={member.id} className="flex items-center gap-2 px-3 py-1.5">
                    <span className="font-medium">{member.name}</span>
                    <span className="text-muted-foreground">{member.username}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto"
                      aria-label={`Remove ${member.name} (${member.username})`}
                      disabled={busy}
                      onClick={() => void change([member.id], true)}
                    >
                      <X aria-hidden />
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
