import type { ReactNode } from 'react';

export interface AdminPageProps {
  title: string;
  description: string;
  /** The page's main action, e.g. "New user". */
  action?: ReactNode;
  /** Search and filters above the list. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** Every admin page's frame: title, one line of what it is for, its main action, the list's tools, the list. */
export function AdminPage({ title, description, action, toolbar, children }: AdminPageProps) {
  return (
    <main className="mx-auto flex h-full w-full max-w-6xl min-h-0 flex-col gap-4 px-6 py-6">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
          <p className="text-[13px] text-muted-foreground">{description}</p>
        </div>
        {action}
      </header>
      {toolbar && <div className="flex flex-wrap items-end gap-2">{toolbar}</div>}
      {children}
    </main>
  );
}
