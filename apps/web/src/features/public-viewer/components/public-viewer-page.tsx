import { useQuery } from '@tanstack/react-query';
import { Box, Car, Download, LinkIcon } from 'lucide-react';
import { CAR_MODEL_FORMAT_USES, formatBytes, PRODUCT_MESSAGES, type PublicConfigView } from '@autostudio/protocol';
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
            {view.data.models.length > 0 && <CarDownloads models={view.data.models} />}
            {view.data.sharedBy && (
              <p className="mt-auto text-[11px] text-muted-foreground">Shared by {view.data.sharedBy}</p>
            )}
          </aside>
        </main>
      )}
    </div>
  );
}

/** The car as configured, for AR and 3D tools: each file with its size before the download. */
function CarDownloads({ models }: { models: PublicConfigView['models'] }) {
  return (
    <section aria-labelledby="car-downloads" className="flex flex-col gap-2">
      <h2
        id="car-downloads"
        className="flex items-center gap-1.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase"
      >
        <Box className="size-3.5" aria-hidden />
        The car in 3D
      </h2>
      <ul className="flex flex-col gap-1.5">
        {models.map((model) => (
          <li key={model.format}>
            <a
              href={model.url}
              download
              className="flex items-center gap-2.5 rounded-md border border-border bg-surface-raised px-3 py-2 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              title={CAR_MODEL_FORMAT_USES[model.format]}
            >
              <Download className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-[13px] font-medium">
                  Download {model.format}{' '}
                  <span className="font-mono text-[11px] font-normal text-muted-foreground">
                    {formatBytes(model.size)}
                  </span>
                </span>
                <span className="text-[11px] leading-snug text-muted-foreground">
                  {CAR_MODEL_FORMAT_USES[model.format]}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
