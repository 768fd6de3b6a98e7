import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FAILURE_TOASTS, SUCCESS_TOASTS, type Group } from '@autostudio/protocol';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { withFailureToast } from '@/lib/list/with-failure-toast';
import { changeMembers } from '@/api/groups';
import { peopleKeys, searchUsers } from '@/api/people';
import { PeoplePicker, type PickerCandidate } from '@/components/people-picker';

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
    queryKey: peopleKeys.users(term),
    queryFn: withFailureToast(
      ({ signal }: { signal: AbortSignal }) => searchUsers(term, signal),
      FAILURE_TOASTS.fetchUsers,
    ),
    placeholderData: keepPreviousData,
  });
  const offered: PickerCandidate[] = (candidates.data ?? [])
    .filter((user) => !memberIds.has(user.id))
    .map((user) => ({ key: user.id, name: user.name, detail: user.username }));

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

  const toggle = ({ key }: PickerCandidate) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
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
            <PeoplePicker
              searchLabel="Find people"
              listLabel="People found"
              term={term}
              onSearch={setTerm}
              action={
                <Button disabled={busy || picked.size === 0} onClick={() => void change([...picked], false)}>
                  <UserPlus aria-hidden />
                  {picked.size > 1 ? `Add ${picked.size}` : 'Add'}
                </Button>
              }
              search={candidates}
              failure={FAILURE_TOASTS.fetchUsers}
              nobody={(searched) =>
                searched ? `Nobody else matches “${searched}”.` : 'Everyone found is already a member.'
              }
              offered={offered}
              picked={picked}
              onToggle={toggle}
            />
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
