import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A panel of the admin home: a title, a link to its page, and what is in it. */
export function Panel({
  title,
  to,
  linkLabel = 'View all',
  children,
}: {
  title: string;
  to?: string;
  linkLabel?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col rounded-lg border border-border bg-surface">
      <header className="flex h-10 items-center justify-between border-b border-border px-3">
        <h2 className="text-[13px] font-semibold">{title}</h2>
        {to && (
          <Link
            to={to}
            className="rounded text-xs text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {linkLabel}
          </Link>
        )}
      </header>
      <div className="min-h-0 flex-1 p-3">{children}</div>
    </section>
  );
}
