import type { SharedWith } from '@autostudio/protocol';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Who an item is shared with, counted; the names on hover. "Private" when nobody else has it. */
export function SharedCell({ item }: { item: SharedWith }) {
  const { sharedUsers: users, sharedGroups: groups } = item;
  if (users.length === 0 && groups.length === 0) return <span className="text-muted-foreground">Private</span>;
  const parts = [
    ...(users.length ? [plural(users.length, 'user')] : []),
    ...(groups.length ? [plural(groups.length, 'group')] : []),
  ];
  const names = [...users, ...groups].map((principal) => principal.name).join(', ');
  return (
    <span className="whitespace-nowrap" title={names}>
      {parts.join(', ')}
    </span>
  );
}
