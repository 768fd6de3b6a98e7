import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config, SavedConfigSettings } from '@autostudio/protocol';
import { useConfigurationStore, type SaveRequest } from '../stores/configuration-store';
import { SaveConfigurationDialog } from './save-configuration-dialog';

const SETTINGS = { car: { paint: 'Rallye Red' } } as unknown as SavedConfigSettings;
const CURRENT = { id: 'c1', name: 'Red Terra', description: 'For the dealer' } as Config;

/** The store's save, as the server would answer it: the dialog's part is what it asks for. */
const save = vi.fn((request: SaveRequest) => Promise.resolve({ ...CURRENT, name: request.name }));
const initial = useConfigurationStore.getState();

function open() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SaveConfigurationDialog
        open
        onOpenChange={onOpenChange}
        collect={() => SETTINGS}
        snapshot={null}
        defaultName="Terra, Rallye Red"
      />
    </QueryClientProvider>,
  );
  return { onOpenChange, name: screen.getByRole('textbox', { name: 'Name' }) };
}

describe('the save-configuration dialog', () => {
  beforeEach(() => useConfigurationStore.setState({ save }));
  afterEach(() => {
    save.mockClear();
    useConfigurationStore.setState(initial, true);
  });

  it('saves a new configuration under the name it suggests, trimmed as typed, with the studio as it is', async () => {
    const { onOpenChange, name } = open();
    expect(screen.getByRole('dialog', { name: 'Save as new configuration' })).toBeVisible();
    expect(name).toHaveValue('Terra, Rallye Red');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '  For spring ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(save).toHaveBeenCalledWith({
      asNew: false,
      name: 'Terra, Rallye Red',
      description: 'For spring',
      settings: SETTINGS,
      snapshot: null,
    });
  });

  it('starts from the current configuration, and Save as new asks for a copy', async () => {
    useConfigurationStore.setState({ current: CURRENT, currentId: CURRENT.id });
    const { onOpenChange, name } = open();
    expect(name).toHaveValue('Red Terra');
    await userEvent.clear(name);
    await userEvent.type(name, 'Red Terra, night');
    await userEvent.click(screen.getByRole('button', { name: 'Save as new' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ asNew: true, name: 'Red Terra, night' }));
  });

  it('asks for a name before saving, and refuses control characters', async () => {
    const { onOpenChange, name } = open();
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the configuration a name')).toBeVisible();
    await userEvent.type(name, 'Red\u202Egpj');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/must not contain control characters/)).toBeVisible();
    expect(save).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
