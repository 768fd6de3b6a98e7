import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, type LoginResponse, type SessionResponse } from '@autostudio/protocol';
import { ADMIN, createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { SystemPage } from './system-page';

const sessionCall = async (token: string, route: string, body?: object) => {
  const response = await fetch(`${serverOrigin()}${API_BASE}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body ?? {}),
  });
  return (await response.json()) as SessionResponse;
};

/** The rows of one of the page's tables, each as its cells' text. */
const rows = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the System page against the real server', () => {
  let admin: LoginResponse;
  let viewer: LoginResponse;
  let sessionId = '';
  beforeAll(async () => {
    admin = await login(ADMIN.username, ADMIN.password);
    const account = await createUser('streaming-viewer');
    viewer = await login(account.username, account.password);
  });
  afterAll(async () => {
    if (sessionId) await sessionCall(viewer.accessToken, API_ROUTES.sessions.sessionRelease, { sessionId });
  });

  it('follows a session as it starts, without a reload: its engine turns busy, held by its user', async () => {
    pointApiClientAt(serverOrigin(), { getAccessToken: () => admin.accessToken });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SystemPage />
      </QueryClientProvider>,
    );
    // This server copy, by its heartbeat; the engines it was given, none yet held by the viewer.
    await waitFor(() => expect(rows('Processes').map((cells) => cells[0])).toContain('Server'));
    expect(rows('Engines').length).toBeGreaterThanOrEqual(1);
    expect(rows('Engines').some((cells) => cells[2] === viewer.user.username)).toBe(false);
    expect(screen.getByText(/^Live · updated \d/)).toBeVisible();

    const allocated = await sessionCall(viewer.accessToken, API_ROUTES.sessions.requestAllocate);
    expect(allocated.success).toBe(true);
    sessionId = allocated.sessionDetails?.sessionId ?? '';

    // The next refresh shows it: the engine busy, held by the viewer, and the viewer's live session on it.
    await waitFor(
      () => {
        const engine = rows('Engines').find((cells) => cells[2] === viewer.user.username);
        expect(engine?.[1]).toBe('Busy');
        const session = rows('Live sessions').find((cells) => cells[0] === viewer.user.username);
        // The engine's cell: its id above its Remote Control address.
        expect(engine?.[0]).toBe(`${session?.[1]}${allocated.sessionDetails?.instanceId}`);
        // No report from its player yet.
        expect(session?.at(-1)).toBe('not yet');
      },
      { timeout: 6000 },
    );
  });
});
