import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SavePresetDialog, type SavePresetDialogProps } from './save-preset-dialog';

function open(onSave: SavePresetDialogProps['onSave']) {
  const onOpenChange = vi.fn();
  render(<SavePresetDialog categories={['Showroom', 'Night']} onOpenChange={onOpenChange} onSave={onSave} />);
  return {
    onOpenChange,
    name: screen.getByRole('textbox', { name: 'Name' }),
    category: screen.getByRole('combobox', { name: 'Category' }),
    save: () => userEvent.click(screen.getByRole('button', { name: 'Save preset' })),
  };
}

describe('the save-preset dialog', () => {
  it('saves the name and category trimmed, then closes', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const first = open(onSave);
    await userEvent.type(first.name, '  Warm dusk ');
    await userEvent.type(first.category, ' Night ');
    await first.save();
    await waitFor(() => expect(first.onOpenChange).toHaveBeenCalledWith(false));
    expect(onSave).toHaveBeenCalledWith({ name: 'Warm dusk', category: 'Night' });
  });

  it('saves without a category as one with none', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const dialog = open(onSave);
    await userEvent.type(dialog.name, 'Flat');
    await dialog.save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Flat', category: null }));
  });

  it('says what is wrong with a name before sending it', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const dialog = open(onSave);
    await dialog.save();
    expect(await screen.findByText('A name is required')).toBeVisible();
    expect(dialog.name).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(dialog.name, 'Dusk\u202Egpj');
    await dialog.save();
    expect(await screen.findByText(/must not contain control characters/)).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    expect(dialog.onOpenChange).not.toHaveBeenCalled();
  });

  it('stays open with what was typed when the save fails, and may be tried again', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const dialog = open(onSave);
    await userEvent.type(dialog.name, 'Warm dusk');
    await dialog.save();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save preset' })).toBeEnabled());
    expect(dialog.name).toHaveValue('Warm dusk');
    expect(dialog.onOpenChange).not.toHaveBeenCalled();

    await dialog.save();
    await waitFor(() => expect(dialog.onOpenChange).toHaveBeenCalledWith(false));
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
