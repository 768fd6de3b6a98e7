import { toast } from '@/lib/toast';

/**
 * A fetch whose failure the user hears of as the spec's toast (spec §8 lists fetch failures as toasts), while the
 * query still fails, so the component keeps its own error state. For query functions: `queryFn:
 * withFailureToast(fetch, FAILURE_TOASTS.fetchUsers)`.
 */
export function withFailureToast<Args extends unknown[], T>(
  fetch: (...args: Args) => Promise<T>,
  failure: string,
): (...args: Args) => Promise<T> {
  return async (...args) => {
    try {
      return await fetch(...args);
    } catch (error) {
      console.error(failure, error);
      toast.error(failure);
      throw error;
    }
  };
}
