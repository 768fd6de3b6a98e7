import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '@/lib/cn';

export interface MenuAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  destructive?: boolean;
}

/**
 * The "…" menu of a card or a row: its actions, or nothing at all when the user may use none of them (controls a
 * user may not use are absent, not disabled).
 */
export function ActionMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  // The chosen action runs once the menu has closed and focus is on its "…" button again, so that a dialog it opens
  // hands focus back to that button when it closes (not to the page, the menu item being gone by then).
  const chosen = useRef<(() => void) | null>(null);
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={label}
        className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={(event) => event.stopPropagation()}
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-36 rounded-md border border-border bg-surface-raised p-1 text-[13px] shadow-xl shadow-black/30"
          onClick={(event) => event.stopPropagation()}
          onCloseAutoFocus={() => {
            const run = chosen.current;
            chosen.current = null;
            run?.();
          }}
        >
          {actions.map(({ label: text, icon: Icon, onSelect, destructive }) => (
            <DropdownMenu.Item
              key={text}
              onSelect={() => (chosen.current = onSelect)}
              className={cn(
                'flex cursor-default select-none items-center gap-2 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-muted',
                destructive && 'text-destructive',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
