import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** One person (or group) the picker offers. */
export interface PickerCandidate {
  /** Unique among the candidates (a group and a user may share an id: `user:u1`, `group:g1`). */
  key: string;
  name: string;
  /** Beside the name: a username, or a group's member count. */
  detail: string;
  /** Before the name (a user or group icon); none where all are people. */
  icon?: ReactNode;
}

export interface PeoplePickerProps<C extends PickerCandidate> {
  /** The search box's name ("Find people", "Search people and groups"). */
  searchLabel: string;
  /** The list's name ("People found"). */
  listLabel: string;
  term: string;
  onSearch: (term: string) => void;
  /** Beside the search box: what adds the picked ones, where they are added at once. */
  action?: ReactNode;
  /** The search as a query reports it. */
  search: { isPending: boolean; isError: boolean; isSuccess: boolean };
  /** Said in the list when the search fails. */
  failure: string;
  /** Said when the search found nobody to offer, for the term searched. */
  nobody: (term: string) => string;
  /** Who is offered: those found, less those who already belong. */
  offered: readonly C[];
  picked: ReadonlySet<string>;
  onToggle: (candidate: C) => void;
}

/**
 * The one people picker (sharing an item; a group's members): search by name, tick several, and let the dialog act
 * on the ticked ones. Each candidate is a checkbox, so a screen reader says what is ticked.
 */
export function PeoplePicker<C extends PickerCandidate>({
  searchLabel,
  listLabel,
  term,
  onSearch,
  action,
  search,
  failure,
  nobody,
  offered,
  picked,
  onToggle,
}: PeoplePickerProps<C>) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <SearchInput label={searchLabel} value={term} onSearch={onSearch} className="flex-1" />
        {action}
      </div>
      <ul aria-label={listLabel} className="max-h-56 overflow-y-auto rounded-md border border-border bg-background/40">
        {search.isError && <li className="px-3 py-2 text-destructive">{failure}</li>}
        {search.isPending && (
          <li className="flex justify-center py-3">
            <Spinner className="size-4" label="Searching" />
          </li>
        )}
        {search.isSuccess && offered.length === 0 && (
          <li className="px-3 py-2 text-muted-foreground">{nobody(term)}</li>
        )}
        {offered.map((candidate) => {
          const on = picked.has(candidate.key);
          return (
            <li key={candidate.key}>
              <button
                type="button"
                role="checkbox"
                aria-checked={on}
                onClick={() => onToggle(candidate)}
                className={cn(
                  'flex w-full items-center gap-2.5 px-3 py-1.5 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                  on && 'bg-primary/10',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded border border-input',
                    on && 'border-primary bg-primary text-primary-foreground',
                  )}
                >
                  {on && <Check className="size-3" />}
                </span>
                {candidate.icon}
                <span className="min-w-0 flex-1 truncate font-medium">{candidate.name}</span>
                <span className="text-xs text-muted-foreground">{candidate.detail}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
