import { screen, waitFor, type waitForOptions } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { toast } from '@/lib/toast';

/**
 * The sonner toast that says `text`, once it is shown. Sonner renders a new toast first with `data-mounted=false`
 * (opacity 0, the start of its enter transition) and marks it mounted in a later React update; `findByText`
 * resolves at the first of the two, so a `toBeVisible()` right after it passes or fails with the event loop's
 * order, which CPU load changes. This waits for the toast as a person would see it. The same text may also stand
 * on the page (a dialog says its failure beside its list too), so only a match inside a toast counts.
 */
export async function findToast(text: string, options?: waitForOptions): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen
      .getAllByText(text)
      .map((element) => element.closest<HTMLElement>('[data-sonner-toast]'))
      .find((found) => found !== null);
    if (!toast) throw new Error(`"${text}" is not in a toast`);
    expect(toast).toBeVisible();
    return toast;
  }, options);
}

/**
 * Takes every toast off the page and returns once sonner is done with them. A toast past its duration is already
 * on its way out, with sonner's unmount timer running; dismissing it again would start a second timer that
 * outlives the DOM (and, at the end of a file, the jsdom window: "window is not defined" in CI). So this lets such
 * toasts finish first, then dismisses the rest and waits for them to leave.
 */
export async function clearToasts(dismiss: () => void): Promise<void> {
  await waitFor(() => expect(document.querySelector('[data-sonner-toast][data-removed="true"]')).toBeNull());
  dismiss();
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
}

/**
 * Watches the toasts raised, without showing any: call it in `beforeEach` (the spies are restored after each test).
 * Spies, not `vi.mock`: the web unit tier shares one module graph between the files of a worker, where a module
 * mock would miss the modules an earlier file already loaded.
 */
export function spyOnToasts(): void {
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
}
