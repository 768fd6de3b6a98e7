import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Segmented } from './segmented';

const TRIMS = [
  { value: 'base', label: 'Base' },
  { value: 'limited', label: 'Limited' },
  { value: 'wilderness', label: 'Wilderness' },
] as const;

function Trims() {
  const [value, setValue] = useState<string>('limited');
  return <Segmented label="Trim" value={value} options={TRIMS} onChange={setValue} />;
}

describe('Segmented', () => {
  it('marks the chosen option checked and gives it, and only it, the selected look', async () => {
    render(<Trims />);
    const selected = () => screen.getAllByRole('radio').filter((item) => item.classList.contains('segmented-selected'));
    const limited = screen.getByRole('radio', { name: 'Limited' });
    expect(limited).toHaveAttribute('aria-checked', 'true');
    expect(limited).toHaveAttribute('data-state', 'on');
    expect(selected()).toEqual([limited]);
    // Lighter than the track, foreground text, a thin ring: readable in the dark theme.
    expect(limited).toHaveClass('text-foreground', 'ring-1', 'dark:bg-foreground/15');
    expect(screen.getByRole('radio', { name: 'Base' })).toHaveClass('text-muted-foreground');

    await userEvent.click(screen.getByRole('radio', { name: 'Wilderness' }));
    expect(screen.getByRole('radio', { name: 'Wilderness' })).toHaveAttribute('aria-checked', 'true');
    expect(selected()).toEqual([screen.getByRole('radio', { name: 'Wilderness' })]);
    expect(limited).toHaveAttribute('aria-checked', 'false');
  });
});
