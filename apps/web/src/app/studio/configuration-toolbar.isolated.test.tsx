import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@autostudio/protocol';
import { useAuthStore } from '@/features/auth';
import { useEngineStore } from '@/lib/engine';
import { ConfigurationToolbar } from './configuration-toolbar';
import { MemoryRouter } from 'react-router';

// jsdom draws no video: the viewport's picture is a JPEG that takes a moment to encode, as canvas.toBlob does.
vi.mock('@/features/configurations/lib/snapshot', () => ({
  captureSnapshot: () =>
    new Promise<Blob>((resolve) => setTimeout(() => resolve(new Blob(['jpeg'], { type: 'image/jpeg' })), 20)),
}));

const person: User = { id: 'u1', name: 'Riley', username: 'riley', roles: ['user'] };

describe('the save dialog', () => {
  let viewport: HTMLElement;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    viewport = document.createElement('div');
    viewport.dataset.testid = 'viewport-area';
    viewport.append(document.createElement('video'));
    document.body.append(viewport);
    useAuthStore.setState({ user: person });
    useEngineStore.setState({ status: 'ready' });
  });
  afterEach(() => {
    viewport.remove();
    useAuthStore.setState({ user: null });
    useEngineStore.setState({ status: 'detached' });
  });

  it('shows the viewport preview as soon as it opens, not a blank frame first', async () => {
    // Every state the page passes through: a dialog showing "No preview yet", however briefly, is the blank the
    // customer saw.
    let blank = false;
    const observer = new MutationObserver(() => {
      blank ||= document.querySelector('[role="dialog"] [aria-label="No preview yet"]') !== null;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <ConfigurationToolbar />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(blank).toBe(false);
    expect(within(dialog).getByRole('img', { name: 'Preview of the configuration' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
  });
});
