import { FAILURE_TOASTS } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { LeftLineError } from './wait-in-line';

/**
 * Tells the user that the car did not load (the spec's toast). Leaving the waiting line was their own choice, so
 * that is only noted. With every engine in use the load waits in line rather than failing (wait-in-line.ts).
 */
export function announceLoadFailure(error: unknown): void {
  if (error instanceof LeftLineError) toast.info(error.message);
  else toast.error(FAILURE_TOASTS.loadSelectedProduct);
}
