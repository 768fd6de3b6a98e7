import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('size-5 animate-spin text-primary', className)} />;
}

/** What a page shows while its code or its data is on the way. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-[50vh] w-full items-center justify-center">
      <Spinner className="size-7" label={label} />
    </div>
  );
}
