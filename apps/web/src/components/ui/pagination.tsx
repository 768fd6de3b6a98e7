import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/** "11–20 of 43" with previous and next: every list of the product pages the same way. */
export function Pagination({ page, limit, total, onPage, disabled = false }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav aria-label="Pages" className="flex items-center gap-1 text-xs text-muted-foreground">
      <span aria-live="polite" className="mr-1 tabular-nums">
        {first}–{last} of {total}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Previous page"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Next page"
        disabled={disabled || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
