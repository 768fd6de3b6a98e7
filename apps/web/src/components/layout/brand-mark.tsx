import { cn } from '@/lib/cn';

/** The Autostudio mark: a car silhouette on a dark tile. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-6', className)}>
      <rect width="32" height="32" rx="7" fill="oklch(0.2 0.008 260)" />
      <path
        d="M6 20.5c0-1.1.6-2 1.6-2.4l3.3-1.4 2.6-3.6c.5-.7 1.3-1.1 2.2-1.1h4.6c.8 0 1.6.4 2.1 1l2.5 3.2 1.7.5c.9.3 1.4 1.1 1.4 2v1.8c0 .8-.7 1.5-1.5 1.5H7.5c-.8 0-1.5-.7-1.5-1.5z"
        fill="var(--primary)"
      />
      <circle cx="11" cy="22" r="2.4" fill="oklch(0.2 0.008 260)" stroke="var(--primary)" strokeWidth="1.4" />
      <circle cx="22" cy="22" r="2.4" fill="oklch(0.2 0.008 260)" stroke="var(--primary)" strokeWidth="1.4" />
    </svg>
  );
}
