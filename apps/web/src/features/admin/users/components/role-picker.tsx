import { ROLES, type Role } from '@autostudio/protocol';
import { cn } from '@/lib/cn';

const ROLE_HINTS: Record<Role, string> = {
  admin: 'Runs this console',
  user: 'Configures and renders',
  client: 'Guest: looks, does not render',
  moderator: 'Keeps default presets',
};

export interface RolePickerProps {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  /** Roles that may not be unticked here, with why (an administrator's own admin role). */
  locked?: Partial<Record<Role, string>>;
  invalid?: boolean;
}

/** The four roles of spec §6 as checkboxes, each with what it lets someone do. */
export function RolePicker({ value, onChange, locked = {}, invalid = false }: RolePickerProps) {
  const toggle = (role: Role) =>
    onChange(
      value.includes(role) ? value.filter((r) => r !== role) : ROLES.filter((r) => r === role || value.includes(r)),
    );
  return (
    <fieldset aria-invalid={invalid} className="grid grid-cols-2 gap-1.5">
      <legend className="mb-1.5 text-xs font-medium text-muted-foreground">Roles</legend>
      {ROLES.map((role) => {
        const why = locked[role];
        return (
          <label
            key={role}
            aria-label={role}
            title={why}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-md border border-border px-2.5 py-2 hover:bg-muted/50',
              value.includes(role) && 'border-primary/60 bg-primary/5',
              why && 'cursor-not-allowed opacity-70',
            )}
          >
            <input
              type="checkbox"
              className="mt-0.5 accent-[var(--primary)]"
              checked={value.includes(role)}
              disabled={Boolean(why)}
              onChange={() => toggle(role)}
            />
            <span className="flex flex-col">
              <span className="font-medium capitalize">{role}</span>
              <span className="text-xs text-muted-foreground">{why ?? ROLE_HINTS[role]}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
