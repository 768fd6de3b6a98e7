/** A query parameter's value; an empty or missing one is left out of the query. */
type QueryValue = string | number | null | undefined;

/**
 * The address of a list call (spec §7: page, limit, search and the list's filters as query parameters). One place
 * builds it for every list, so that an empty search or an absent filter is always left out the same way.
 */
export function listPath(route: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  }
  return `${route}?${params.toString()}`;
}
