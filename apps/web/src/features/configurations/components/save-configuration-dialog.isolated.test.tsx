import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_ROUTES,
  FAILURE_TOASTS,
  SAVE_CONFIG_STATUS,
  type Config,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { ApiError } from '@/lib/api-client';
import { serverCall } from '@/api/server-call';
import { toast } from '@/lib/toast';
import { useConfigurationStore } from '../stores/configuration-store';
import { SaveConfigurationDialog } from './save-configuration-dialog';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// The server's answer, as it would give it: the dialog's part is what it asks for (the calls against a real server
// are in @/api/configurations.integration.test).
vi.mock('@/api/server-call', () => ({ serverCall: vi.fn() }));
const call = vi.mocked(serverCall);

const SETTINGS = { car: { paint: 'Rallye Red' } } as unknown as SavedConfigSettings;
const CURRENT = { id: 'c1', name: 'Red Terra', description: 'For the dealer' } as Config;
const initial = useConfigurationStore.getState();

/** The one call made: its method, route, path parameters and the form's text fields. */
function sent() {
  expect(call).toHaveBeenCalledOnce();
  const [method, route, options] = call.mock.calls[0] as [string, string, { params?: object; body: FormData }];
  return { method, route, params: options.params, fields: Object.fromEntries(options.body.entries()) };
}

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
  afterEach(() => {
    call.mockReset();
    useConfigurationStore.setState(initial, true);
  });
  const answers = (name: string) =>
    call.mockImplementation(() => Promise.resolve({ ...CURRENT, id: 'c2', name } as never));

  it('saves a new configuration under the name it suggests, trimmed as typed, with the studio as it is', async () => {
    const { onOpenChange, name } = open();
    expect(screen.getByRole('dialog', { name: 'Save as new configuration' })).toBeVisible();
    expect(name).toHaveValue('Terra, Rallye Red');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '  For spring ');
    answers('Terra, Rallye Red');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()).toEqual({
      method: 'post',
      route: API_ROUTES.configs.create,
      params: undefined,
      fields: { name: 'Terra, Rallye Red', description: 'For spring', settings: JSON.stringify(SETTINGS) },
    });
    // What the server answered is the studio's current configuration from now on.
    expect(useConfigurationStore.getState()).toMatchObject({ currentId: 'c2' });
  });

  it('starts from the current configuration, and Save as new asks for a copy', async () => {
    useConfigurationStore.setState({ current: CURRENT, currentId: CURRENT.id });
    const { onOpenChange, name } = open();
    expect(name).toHaveValue('Red Terra');
    await userEvent.clear(name);
    await userEvent.type(name, 'Red Terra, night');
    answers('Red Terra, night');
    await userEvent.click(screen.getByRole('button', { name: 'Save as new' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()).toMatchObject({
      method: 'post',
      route: API_ROUTES.configs.create,
      fields: { name: 'Red Terra, night' },
    });
  });

  it('saves over the current configuration by its id', async () => {
    useConfigurationStore.setState({ current: CURRENT, currentId: CURRENT.id });
    const { onOpenChange } = open();
    answers('Red Terra');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()).toMatchObject({ method: 'put', route: API_ROUTES.configs.update, params: { id: 'c1' } });
  });

  it('says why a save failed beside the form (the server’s reason, else the spec’s text) and stays open to try again', async () => {
    const { onOpenChange } = open();
    call.mockRejectedValue(new ApiError(400, 'name: Too big'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('name: Too big')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(document.getElementById('save-configuration')).toHaveAttribute(
      'data-status',
      String(SAVE_CONFIG_STATUS.failed),
    );
    call.mockRejectedValue(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE_TOASTS.saveConfiguration);
    expect(screen.queryByText('name: Too big')).toBeNull();
    expect(useConfigurationStore.getState().currentId).toBe(initial.currentId);
    expect(toast.error).toHaveBeenLastCalledWith(FAILURE_TOASTS.saveConfiguration);
  });

  it('asks for a name before saving, and refuses control characters', async () => {
    const { onOpenChange, name } = open();
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the configuration a name')).toBeVisible();
    await userEvent.type(name, 'Red\u202Egpj');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/must not contain control characters/)).toBeVisible();
    expect(call).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
