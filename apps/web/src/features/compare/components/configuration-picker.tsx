import { useQuery } from '@tanstack/react-query';
import { Car, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Config } from '@autostudio/protocol';
import { configurationPicture, configurationPickerQuery } from '@/api/configurations';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';

interface ConfigurationPickerProps {
  /** Already compared: shown, but not offered again. */
  chosen: readonly string[];
  onPick: (config: Config) => void;
  disabled?: boolean;
}

/** Finds a configuration by name among the user's own and those shared with them, and adds it to the comparison. */
export function ConfigurationPicker({ chosen, onPick, disabled = false }: ConfigurationPickerProps) {
  const [search, setSearch] = useState('');
  const found = useQuery(configurationPickerQuery(search));
  const items = found.data?.items ?? [];
  return (
    <section aria-label="Add a configuration" className="flex flex-col gap-2">
      <SearchInput label="Find a configuration" value={search} onSearch={setSearch} />
      <ul className="flex flex-col gap-1" aria-busy={found.isFetching}>
        {found.isPending && (
          <li className="flex justify-center py-3">
            <Spinner className="size-4" label="Finding configurations" />
          </li>
        )}
        {!found.isPending && items.length === 0 && (
          <li className="px-1 py-2 text-xs text-muted-foreground">No configuration matches.</li>
        )}
        {items.map((config) => {
          const isChosen = chosen.includes(config.id);
          const picture = configurationPicture(config);
          return (
            <li key={config.id}>
              <button
                type="button"
                disabled={disabled || isChosen}
                onClick={() => onPick(config)}
                aria-label={`Compare ${config.name}`}
                className="flex w-full items-center gap-2 rounded-md px-1.5 py-1 text-left hover:bg-muted disabled:opacity-50 disabled:hover:bg-transparent"
              >
                <span className="flex aspect-video w-14 shrink-0 items-center justify-center overflow-hidden rounded bg-background">
                  {picture ? (
                    <img src={picture} alt="" className="size-full object-cover" />
                  ) : (
                    <Car className="size-4 text-muted-foreground" aria-hidden />
                  )}
                </span>
                <span className="min-w-0 flex-1 truncate text-[13px]">{config.name}</span>
                {!isChosen && <Plus className="size-4 text-muted-foreground" aria-hidden />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
