import { FAILURE_TOASTS } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { LeftLineError } from './wait-in-line';

/**
 * Tells the user that the load failed (the spec's toast: the car's by default). Leaving the waiting line was their
 * own choice, so that is only noted. With every engine in use the load waits in line rather than failing
 * (wait-in-line.ts).
 */
export function announceLoadFailure(error: unknown, failure: string = FAILURE_TOASTS.loadSelectedProduct): void {
  if (error instanceof LeftLineError) toast.info(error.message);
  else toast.error(failure);
}
