import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@autostudio/protocol';
import { useAuthStore } from '@/features/auth';
import { useRenderJobsStore } from '@/features/render';
import { ForgetServerDataOnUserChange } from './forget-server-data';

const riley: User = { id: 'u1', name: 'Riley', username: 'riley', roles: ['user'] };
const sam: User = { id: 'u2', name: 'Sam', username: 'sam', roles: ['admin'] };
const LIST = ['configurations', 'list', { page: 1 }];

function signedInAs(user: User | null) {
  act(() => useAuthStore.setState({ user }));
}

/** The app's cache with the forgetting in it, holding Riley's list while Riley is signed in. */
function cacheOfRiley(): QueryClient {
  const client = new QueryClient();
  signedInAs(riley);
  render(
    <QueryClientProvider client={client}>
      <ForgetServerDataOnUserChange />
    </QueryClientProvider>,
  );
  client.setQueryData(LIST, { items: ["Riley's red Terra"], total: 1 });
  return client;
}

describe('cached server data', () => {
  afterEach(() => useAuthStore.setState(useAuthStore.getInitialState(), true));

  it("is dropped when the user signs out, so the next user never sees the last one's rows", () => {
    const client = cacheOfRiley();
    // A refresh of the same user's token keeps it.
    signedInAs({ ...riley });
    expect(client.getQueryData(LIST)).toEqual({ items: ["Riley's red Terra"], total: 1 });

    signedInAs(null);
    expect(client.getQueryData(LIST)).toBeUndefined();
  });

  it('is dropped when another user signs in in the same tab', () => {
    const client = cacheOfRiley();
    signedInAs(sam);
    expect(client.getQueryData(LIST)).toBeUndefined();
  });

  it('takes the tab’s renders with it on a sign-out, but a first sign-in (after a reload) keeps them', async () => {
    signedInAs(null);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ForgetServerDataOnUserChange />
      </QueryClientProvider>,
    );
    act(() => void useRenderJobsStore.getState().add('still', 'Dusk'));
    signedInAs(riley);
    // The forgetting loads the stores it empties: let any such load finish before looking.
    await vi.dynamicImportSettled();
    expect(useRenderJobsStore.getState().jobs.map((job) => job.name)).toEqual(['Dusk']);

    signedInAs(null);
    await vi.waitFor(() => expect(useRenderJobsStore.getState().jobs).toEqual([]));
  });
});
