import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

const renderToggle = () =>
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );

describe('the theme', () => {
  it('is dark by default', () => {
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps the choice in local storage under vite-ui-theme', async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('starts from the stored choice, and system follows the OS (light in these tests)', () => {
    localStorage.setItem('vite-ui-theme', 'system');
    renderToggle();
    expect(screen.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement).toHaveClass('light');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('vite-ui-theme', 'sepia');
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
  });
});
