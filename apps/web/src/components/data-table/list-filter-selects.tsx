import type { SelectOption } from '@/components/ui/select-field';
import type { ListParamsControls } from '@/lib/list/use-list-params';
import { FilterSelect } from './filter-select';

export interface ListFilter<F extends string> {
  /** The list's filter this drop-down sets (a key of its ListSpec's filters). */
  name: F;
  label: string;
  /** What "any" is called, e.g. "All categories". */
  anyLabel: string;
  /** The values in use, from the list's filter options; none while they load. */
  options: readonly (string | SelectOption)[] | undefined;
}

/** A list's "any or one of these" filters, each a drop-down that writes its filter into the list's address. */
export function ListFilterSelects<F extends string>({
  controls: { params, update },
  filters,
}: {
  controls: ListParamsControls<F>;
  filters: readonly ListFilter<F>[];
}) {
  return filters.map((filter) => (
    <FilterSelect
      key={filter.name}
      label={filter.label}
      value={params.filters[filter.name]}
      onChange={(value) => update({ filters: { [filter.name]: value } as Partial<Record<F, string>> })}
      options={filter.options ?? []}
      anyLabel={filter.anyLabel}
    />
  ));
}
