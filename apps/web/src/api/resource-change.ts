import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** Marks every cached query under `key` stale: those on show fetch again, and the promise waits for them. */
export function useInvalidate(key: QueryKey): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

/**
 * A change to a resource that fails with the spec's text (the server's error as its cause, see failureReason) and,
 * once done, waits for the resource's queries on show (`key`) to fetch again.
 */
export function useResourceChange<A, R>(key: QueryKey, change: (argument: A) => Promise<R>, failure: string) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: (argument: A) =>
      change(argument).catch((error: unknown) => {
        throw new Error(failure, { cause: error });
      }),
    onSuccess: invalidate,
  });
}
