import { useQueries } from '@tanstack/react-query';
import { Car, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import type { Config } from '@autostudio/protocol';
import { configurationPicture, configurationQuery } from '@/api/configurations';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { cn } from '@/lib/cn';
import { compareRows, MAX_COMPARED } from '../lib/compare-rows';
import { ConfigurationPicker } from './configuration-picker';

export interface ComparePageProps {
  /** The configurations compared, in their columns' order (the address keeps them). */
  ids: readonly string[];
  onChange: (ids: string[]) => void;
  /** Opens one in the studio. */
  onOpen: (config: Config) => void;
  /** The one being opened; the others wait. */
  openingId?: string | null;
}

/**
 * Two to four configurations side by side: each one's still at the same view, then their options row by row with
 * the rows that differ marked, so that what tells them apart is what the eye finds first.
 */
export function ComparePage({ ids, onChange, onOpen, openingId = null }: ComparePageProps) {
  const columns = useQueries({ queries: ids.map((id) => configurationQuery(id)) });
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const loaded = columns.flatMap((column) => (column.data ? [column.data] : []));
  const ready = loaded.length === ids.length;
  const rows = ready ? compareRows(loaded) : [];
  const shownRows = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  const differing = rows.filter((row) => row.differs).length;
  const remove = (id: string) => onChange(ids.filter((other) => other !== id));

  return (
    <main className="flex w-full flex-1 gap-6 px-6 py-6">
      <aside className="flex w-64 shrink-0 flex-col gap-3">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">Compare</h1>
          <p className="text-xs text-muted-foreground">
            {ids.length} of {MAX_COMPARED} configurations
          </p>
        </div>
        <ConfigurationPicker
          chosen={ids}
          disabled={ids.length >= MAX_COMPARED}
          onPick={(config) => onChange([...ids, config.id])}
        />
      </aside>
      <section aria-label="Comparison" className="flex min-w-0 flex-1 flex-col gap-4">
        {ids.length < 2 && (
          <p role="status" className="rounded-md border border-dashed border-border px-4 py-3 text-muted-foreground">
            Pick {ids.length === 0 ? 'two to four configurations' : 'at least one more configuration'} on the left to
            see them side by side.
          </p>
        )}
        <div
          className="grid gap-3"
          style={{ gridTemplateColumns: `repeat(${Math.max(ids.length, 1)}, minmax(0, 1fr))` }}
        >
          {ids.map((id, index) => {
            const column = columns[index];
            const config = column?.data;
            const picture = config ? configurationPicture(config) : null;
            return (
              <article
                key={id}
                aria-label={config?.name ?? 'Configuration'}
                className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-border bg-surface"
              >
                <div className="relative flex aspect-video items-center justify-center bg-background">
                  {config && picture ? (
                    <img src={picture} alt={`${config.name}, as saved`} className="size-full object-cover" />
                  ) : column?.isPending ? (
                    <Spinner className="size-5" label="Loading configuration" />
                  ) : (
                    <Car className="size-6 text-muted-foreground" aria-hidden />
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="absolute right-1 top-1 bg-black/40 text-white/80 hover:bg-black/60"
                    aria-label={`Remove ${config?.name ?? 'this configuration'} from the comparison`}
                    onClick={() => remove(id)}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                <div className="flex items-center gap-2 px-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">
                      {config?.name ?? (column?.isError ? 'No longer available' : '…')}
                    </p>
                    {config?.ownerUsername && (
                      <p className="truncate text-xs text-muted-foreground">by {config.ownerUsername}</p>
                    )}
                  </div>
                  {config && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={openingId !== null}
                      onClick={() => onOpen(config)}
                      aria-label={`Open ${config.name} in the studio`}
                    >
                      {openingId === config.id ? (
                        <Spinner className="size-3.5" label="" />
                      ) : (
                        <ExternalLink aria-hidden />
                      )}
                      Open in studio
                    </Button>
                  )}
                </div>
              </article>
            );
          })}
        </div>
        {ready && ids.length >= 2 && (
          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between">
              <p className="text-xs text-muted-foreground" role="status">
                {differing === 0
                  ? 'These configurations hold the same options.'
                  : `${differing} of ${rows.length} options differ.`}
              </p>
              <SwitchField label="Only differences" checked={onlyDifferences} onChange={setOnlyDifferences} />
            </div>
            <table className="w-full table-fixed border-collapse text-[13px]">
              <caption className="sr-only">Options of the compared configurations; rows that differ are marked</caption>
              <thead>
                <tr className="text-left text-xs text-muted-foreground">
                  <th scope="col" className="w-36 px-3 py-1.5 font-medium">
                    Option
                  </th>
                  {loaded.map((config) => (
                    <th key={config.id} scope="col" className="truncate px-3 py-1.5 font-medium">
                      {config.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shownRows.map((row) => (
                  <tr
                    key={row.key}
                    data-differs={row.differs ? 'true' : undefined}
                    className={cn(
                      'border-t border-border',
                      row.differs && 'bg-primary/10 [&>th]:border-l-2 [&>th]:border-l-primary',
                    )}
                  >
                    <th scope="row" className="px-3 py-1.5 text-left font-normal text-muted-foreground">
                      {row.label}
                      {row.differs && <span className="sr-only"> (differs)</span>}
                    </th>
                    {row.values.map((value, index) => (
                      <td
                        key={loaded[index]?.id ?? index}
                        className={cn('truncate px-3 py-1.5', row.differs && 'font-medium')}
                      >
                        {value ?? <span className="text-muted-foreground">—</span>}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
