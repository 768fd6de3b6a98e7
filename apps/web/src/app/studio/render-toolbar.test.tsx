import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@autostudio/protocol';
import { useAuthStore } from '@/features/auth';
import { useEngineStore } from '@/lib/engine';
import { RenderToolbar } from './render-toolbar';

/** The toolbar as the studio mounts it, inside the app's query cache (it follows renders into the gallery). */
const renderToolbar = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RenderToolbar />
    </QueryClientProvider>,
  );

const person = (roles: User['roles']): User => ({ id: 'u1', name: 'Riley', username: 'riley', roles });

describe('the studio toolbar’s render controls', () => {
  afterEach(() => {
    useAuthStore.setState({ user: null });
    useEngineStore.setState({ status: 'detached' });
  });

  it('are not there for a guest (issue 17 item 7), who gets only the gallery of what is shared with them', () => {
    useAuthStore.setState({ user: person(['client']) });
    useEngineStore.setState({ status: 'ready' });
    renderToolbar();
    expect(screen.queryByRole('button', { name: 'Render' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Video' })).not.toBeInTheDocument();
    for (const name of ['Matrix', 'Turntable', '3D'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gallery' })).toBeEnabled();
  });

  it('wait for the engine to be read', () => {
    useAuthStore.setState({ user: person(['user']) });
    renderToolbar();
    expect(screen.getByRole('button', { name: 'Render' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Video' })).toBeDisabled();
    // The gallery needs no engine.
    expect(screen.getByRole('button', { name: 'Gallery' })).toBeEnabled();
    for (const name of ['Matrix', 'Turntable', '3D']) expect(screen.getByRole('button', { name })).toBeDisabled();
    act(() => useEngineStore.setState({ status: 'ready' }));
    for (const name of ['Render', 'Video', 'Matrix', 'Turntable', '3D'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
  });
});
