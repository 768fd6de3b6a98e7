import { cn } from '@/lib/cn';

const TONES = {
  active: 'bg-primary/15 text-primary',
  good: 'bg-success/15 text-success',
  waiting: 'bg-muted text-muted-foreground',
  bad: 'bg-destructive/15 text-destructive',
} as const;

/** A state in a System table: a dot and a word, coloured by what it asks of an administrator. */
export function StateBadge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded px-1.5 py-px text-[11px] whitespace-nowrap', TONES[tone])}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full bg-current', tone === 'active' && 'animate-pulse')} />
      {children}
    </span>
  );
}
