import { useQuery } from '@tanstack/react-query';
import { Car, LinkIcon } from 'lucide-react';
import { PRODUCT_MESSAGES } from '@autostudio/protocol';
import { publicViewQuery } from '@/api/config-links';
import { Spinner } from '@/components/ui/spinner';

/**
 * What a share link opens, signed out: the configuration's still as large as the window allows, its name, car and
 * options. It never takes an engine; a link that was revoked or has expired says only that it is not there.
 */
export function PublicViewerPage({ token }: { token: string }) {
  const view = useQuery(publicViewQuery(token));
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <header className="flex h-11 items-center gap-2 border-b border-border px-4">
        <Car className="size-4 text-primary" aria-hidden />
        <span className="text-sm font-semibold">Autostudio</span>
      </header>
      {view.isPending && (
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-6" label="Loading the configuration" />
        </div>
      )}
      {view.isError && (
        <main className="flex flex-1 flex-col items-center justify-center gap-2 text-center">
          <LinkIcon className="size-6 text-muted-foreground" aria-hidden />
          <h1 className="text-base font-medium">{PRODUCT_MESSAGES.linkNotFound}</h1>
          <p className="max-w-sm text-xs text-muted-foreground">Ask whoever sent it for a new link.</p>
        </main>
      )}
      {view.data && (
        <main className="flex flex-1 flex-col lg:flex-row">
          <div className="flex min-h-0 flex-1 items-center justify-center bg-neutral-950">
            {view.data.stillUrl ? (
              <img
                src={view.data.stillUrl}
                alt={`${view.data.name}, as configured`}
                className="max-h-[calc(100svh-2.75rem)] w-full object-contain"
              />
            ) : (
              <Car className="size-10 text-muted-foreground" aria-hidden />
            )}
          </div>
          <aside
            aria-label="About this configuration"
            className="flex w-full flex-col gap-4 p-5 lg:w-80 lg:border-l lg:border-border"
          >
            <div>
              <h1 className="text-lg font-semibold tracking-tight">{view.data.name}</h1>
              {view.data.car && (
                <p className="text-xs text-muted-foreground">
                  {[view.data.car.brand, view.data.car.name].filter(Boolean).join(' ')}
                </p>
              )}
              {view.data.description && <p className="mt-2 text-[13px]">{view.data.description}</p>}
            </div>
            {view.data.options.length > 0 && (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[13px]">
                {view.data.options.map((option) => (
                  <div key={option.label} className="contents">
                    <dt className="text-muted-foreground">{option.label}</dt>
                    <dd>{option.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {view.data.sharedBy && (
              <p className="mt-auto text-[11px] text-muted-foreground">Shared by {view.data.sharedBy}</p>
            )}
          </aside>
        </main>
      )}
    </div>
  );
}
