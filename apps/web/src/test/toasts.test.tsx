import { render, waitFor } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, findToast } from './toasts';

/** Every state a toast goes through, as a DOM observer (which is what `findBy*` listens with) sees them. */
function watchToasts(): { seen: { mounted: string | null; visible: boolean }[]; stop: () => void } {
  const seen: { mounted: string | null; visible: boolean }[] = [];
  const observer = new MutationObserver(() => {
    const shown = document.querySelector<HTMLElement>('[data-sonner-toast]');
    if (shown)
      seen.push({ mounted: shown.getAttribute('data-mounted'), visible: getComputedStyle(shown).opacity !== '0' });
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('finding a toast', () => {
  // Sonner takes a dismissed toast out of the DOM 200 ms later, on a timer: waiting for that, while the Toaster is
  // still mounted, keeps the timer from firing after the file's jsdom is gone ("window is not defined" under load).
  afterEach(() => clearToasts(() => toast.dismiss()));

  // The cause of the flaky product-load test: a toast is found (it is in the DOM) a moment before it is visible.
  it('sees sonner insert a toast invisible, then show it', async () => {
    render(<Toaster />);
    const watch = watchToasts();
    toast.error('Something failed');
    await findToast('Something failed');
    watch.stop();
    expect(watch.seen[0]).toEqual({ mounted: 'false', visible: false });
    expect(watch.seen.at(-1)).toEqual({ mounted: 'true', visible: true });
  });

  it('answers with the toast once it is visible', async () => {
    render(<Toaster />);
    toast.error('Failed to load selected product');
    const shown = await findToast('Failed to load selected product');
    expect(shown).toBeVisible();
    expect(shown).toHaveAttribute('data-type', 'error');
  });

  // The video dialog says its failure beside its list as well as in a toast (failed in CI when the page's copy came first).
  it('finds the toast when the page shows the same text too', async () => {
    render(
      <>
        <p>Failed to fetch Presets</p>
        <Toaster />
      </>,
    );
    toast.error('Failed to fetch Presets');
    const shown = await findToast('Failed to fetch Presets');
    expect(shown).toHaveAttribute('data-sonner-toast');
  });

  it('does not count a toast that is on its way out', async () => {
    render(<Toaster duration={300} />);
    toast.error('Going away');
    const shown = await findToast('Going away');
    // Past its duration sonner marks it removed (opacity 0), and takes it out of the DOM 200 ms later.
    await waitFor(() => expect(shown).toHaveAttribute('data-removed', 'true'));
    expect(shown).not.toBeVisible();
    await expect(findToast('Going away', { timeout: 100 })).rejects.toThrow();
  });

  // CI failed on session 32's stop: the last test's toast timed out, the old clean-up dismissed it once more, and
  // that second unmount timer fired after the file's jsdom was gone.
  it('is cleared with no sonner timer left to fire, also for a toast that timed out', async () => {
    const pending = new Set<unknown>();
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, delay?: number) => {
      const handle: unknown = realSetTimeout(() => {
        pending.delete(handle);
        run();
      }, delay);
      // Sonner's unmount delay: the timer that outlived the file.
      if (delay === 200) pending.add(handle);
      return handle;
    }) as typeof setTimeout);
    try {
      render(<Toaster duration={300} />);
      toast.error('Timing out');
      const shown = await findToast('Timing out');
      await waitFor(() => expect(shown).toHaveAttribute('data-removed', 'true'));
      await clearToasts(() => toast.dismiss());
      expect(pending.size).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });
});
