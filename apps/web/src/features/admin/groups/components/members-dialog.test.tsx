import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, type Group, type User } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { MembersDialog } from './members-dialog';

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

const PEOPLE: User[] = [
  { id: 'u1', username: 'riley', name: 'Riley Tester', roles: ['user'] },
  { id: 'u2', username: 'sam', name: 'Sam Lee', roles: ['user'] },
];
const GROUP: Group = {
  id: 'g1',
  name: 'Dealers',
  description: '',
  users: [],
  memberCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the group members dialog', () => {
  const sent: { method: string; path: string; body: unknown }[] = [];
  beforeEach(() => {
    sent.length = 0;
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      const path = new URL(url).pathname.slice(API_BASE.length);
      const body = init.body ? (JSON.parse(init.body as string) as { userIds: string[] }) : undefined;
      sent.push({ method: init.method ?? 'GET', path, body });
      if (path === '/users/filtered') return json({ items: PEOPLE, total: PEOPLE.length, page: 1, limit: 8 });
      if (path === '/user-groups/g1/users' && body) {
        const users = PEOPLE.filter((person) => body.userIds.includes(person.id));
        return json({ ...GROUP, users: users.map(({ id, name, username }) => ({ id, name, username })) });
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves the people ticked when Done is pressed, through PUT /user-groups/{id}/users, then closes', async () => {
    const onClose = vi.fn();
    const onChanged = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MembersDialog group={GROUP} onClose={onClose} onChanged={onChanged} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Members of Dealers' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Riley Tester/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Sam Lee/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Riley Tester/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Add 2' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/user-groups/g1/users', body: { userIds: ['u1', 'u2'], remove: false } },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('closes at once when nobody is ticked', async () => {
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MembersDialog group={GROUP} onClose={onClose} onChanged={vi.fn()} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
