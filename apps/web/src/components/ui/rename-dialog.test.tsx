import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RenameDialog, type RenameValues } from './rename-dialog';

function open(onSave: (values: RenameValues) => Promise<unknown>) {
  const onOpenChange = vi.fn();
  render(
    <RenameDialog
      open
      onOpenChange={onOpenChange}
      title="Rename configuration"
      initial={{ name: 'Red Terra', description: 'For the dealer' }}
      withDescription
      onSave={onSave}
      maxLength={20}
    />,
  );
  return { onOpenChange, name: screen.getByRole('textbox', { name: 'Name' }) };
}

describe('the rename dialog', () => {
  it('saves the name and description trimmed, then closes', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { onOpenChange, name } = open(onSave);
    await userEvent.clear(name);
    await userEvent.type(name, '  Blue Terra ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSave).toHaveBeenCalledWith({ name: 'Blue Terra', description: 'For the dealer' });
  });

  it('says what is wrong with a name before sending it: empty, too long, or with control characters', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { onOpenChange, name } = open(onSave);
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name is required')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(name, 'A name far longer than twenty');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 20 characters')).toBeVisible();

    await userEvent.clear(name);
    await userEvent.type(name, 'Red\u202Egpj');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/must not contain control characters/)).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('keeps what was typed and shows the server’s reason when the save fails', async () => {
    const { onOpenChange, name } = open(() => Promise.reject(new Error('A configuration with that name exists')));
    await userEvent.clear(name);
    await userEvent.type(name, 'Taken');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A configuration with that name exists');
    expect(name).toHaveValue('Taken');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
