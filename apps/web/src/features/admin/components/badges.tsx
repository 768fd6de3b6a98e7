import type { Role } from '@autostudio/protocol';
import { cn } from '@/lib/cn';

/** A small label in a table cell: a role, a type, "Default", "Latest". */
export function Badge({ children, tone = 'muted' }: { children: string; tone?: 'muted' | 'primary' | 'success' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded px-1.5 py-px text-[11px] whitespace-nowrap',
        tone === 'muted' && 'bg-muted text-muted-foreground',
        tone === 'primary' && 'bg-primary/15 text-primary',
        tone === 'success' && 'bg-success/15 text-success',
      )}
    >
      {children}
    </span>
  );
}

export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'primary' : 'muted'}>
          {role}
        </Badge>
      ))}
    </span>
  );
}
