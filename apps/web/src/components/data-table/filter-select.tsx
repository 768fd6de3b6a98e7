import { SelectField, type SelectOption } from '@/components/ui/select-field';

/** Radix Select has no empty item value; "any" travels as this and becomes '' again. */
const ANY = '__any__';

export interface FilterSelectProps {
  label: string;
  /** The filter's value; '' is "any". */
  value: string;
  onChange: (value: string) => void;
  /** The values to choose from (the list's filter options), or value and label pairs. */
  options: readonly (string | SelectOption)[];
  /** What "any" is called, e.g. "All categories". */
  anyLabel: string;
  /** Whether "any" is offered; a filter with a default value (latest version) may not have it. */
  allowAny?: boolean;
}

/** One filter above a list: a labelled drop-down whose first choice is "any". */
export function FilterSelect({ label, value, onChange, options, anyLabel, allowAny = true }: FilterSelectProps) {
  const choices: SelectOption[] = [
    ...(allowAny ? [{ value: ANY, label: anyLabel }] : []),
    ...options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option)),
  ];
  // A value from the address that is no longer offered (a category that was deleted) still shows as chosen.
  if (value && !choices.some((choice) => choice.value === value)) choices.push({ value, label: value });
  return (
    <SelectField
      label={label}
      value={value || ANY}
      onChange={(next) => onChange(next === ANY ? '' : next)}
      options={choices}
      className="w-56 grid-cols-[auto_1fr]"
    />
  );
}
