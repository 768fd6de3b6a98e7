import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';
import { Input } from './input';

export interface SearchInputProps {
  value: string;
  /** Called once typing pauses, not on every key. */
  onSearch: (value: string) => void;
  label: string;
  className?: string;
}

const DEBOUNCE_MS = 300;

/** A list's search box: asks once the user pauses typing. */
export function SearchInput({ value, onSearch, label, className }: SearchInputProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  useEffect(() => {
    if (settled !== value) onSearch(settled);
    // Only the user's typing searches; `value` changing from outside must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute left-2.5 top-2 size-4 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        className="pl-8"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
