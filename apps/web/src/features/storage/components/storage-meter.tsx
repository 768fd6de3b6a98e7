import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@autostudio/protocol';
import { cn } from '@/lib/cn';
import { fetchMyStorage, MY_STORAGE_KEY } from '../api/storage-api';

/** What the quota counts, said on hover. */
const COUNTED = 'Your files: uploads, models and renders';

/** From here on the bar warns: the next render or upload may not fit. */
const NEARLY_FULL = 0.9;

/**
 * The user's storage beside their name: how much of their quota their uploads, models and renders take, so that a
 * refused upload (413) is never the first they hear of it. Nothing is shown until it is known, or when it fails.
 */
export function StorageMeter() {
  const usage = useQuery({
    queryKey: MY_STORAGE_KEY,
    queryFn: ({ signal }) => fetchMyStorage(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  if (!usage.data) return null;
  const { usedBytes, quotaBytes } = usage.data;
  const used = formatBytes(usedBytes);
  if (quotaBytes === null)
    return (
      <span className="text-[12px] text-muted-foreground tabular-nums" title={COUNTED}>
        {used} stored
      </span>
    );
  const share = Math.min(1, usedBytes / quotaBytes);
  const text = `${used} of ${formatBytes(quotaBytes)}`;
  return (
    <div
      role="meter"
      aria-label="Storage used"
      aria-valuemin={0}
      aria-valuemax={quotaBytes}
      aria-valuenow={Math.min(usedBytes, quotaBytes)}
      aria-valuetext={text}
      title={COUNTED}
      className="flex items-center gap-2 text-[12px] text-muted-foreground"
    >
      <span className="h-1.5 w-14 overflow-hidden rounded-full bg-muted">
        <span
          data-testid="storage-fill"
          className={cn('block h-full rounded-full', share >= NEARLY_FULL ? 'bg-destructive' : 'bg-primary/80')}
          style={{ width: `${Math.max(share * 100, usedBytes > 0 ? 2 : 0)}%` }}
        />
      </span>
      <span className="tabular-nums">{text}</span>
    </div>
  );
}
