import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { hideLoading, showLoading, updateLoading, useLoadingStore } from '@/lib/loading/loading-store';
import { GlobalLoadingOverlay } from './global-loading-overlay';

describe('the global loading overlay', () => {
  afterEach(() => act(() => hideLoading()));

  it('is hidden until a long step shows it, with the spec default title', () => {
    render(<GlobalLoadingOverlay />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => void showLoading());
    expect(screen.getByRole('dialog', { name: 'Loading...' })).toBeVisible();
    // Without a percentage: the indeterminate spinner, no progress bar.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the title, the description and the rounded percentage as the step moves on', () => {
    render(<GlobalLoadingOverlay />);
    act(
      () => void showLoading({ title: 'Loading Terra...', description: 'Downloading the model', showPercentage: true }),
    );
    const overlay = screen.getByRole('dialog', { name: 'Loading Terra...' });
    expect(overlay).toHaveAccessibleDescription('Downloading the model');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    act(() => updateLoading(41.6));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByTestId('loading-percentage')).toHaveTextContent('42%');
    act(() => updateLoading({ description: 'Loading the car' }));
    expect(overlay).toHaveAccessibleDescription('Loading the car');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    act(() => hideLoading());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is dismissed by Escape only when closeable', async () => {
    const user = userEvent.setup();
    render(<GlobalLoadingOverlay />);
    act(() => void showLoading({ title: 'Applying the look' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Applying the look' })).toBeVisible();

    act(() => void showLoading({ title: 'Uploading the backplate', closeable: true }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a step the user may act on', () => {
  afterEach(() => act(() => hideLoading()));

  it('shows its note and its one action, and the step may take both away again', async () => {
    const user = userEvent.setup();
    let left = 0;
    render(<GlobalLoadingOverlay />);
    const step = showLoading({ title: 'Loading Terra...', showPercentage: true });
    act(() =>
      step.update({
        title: 'You are number 2 in line',
        note: 'Keep this page open to keep your place.',
        showPercentage: false,
        action: { label: 'Leave the line', run: () => (left += 1) },
      }),
    );
    const overlay = screen.getByRole('dialog', { name: 'You are number 2 in line' });
    expect(overlay).toHaveTextContent('Keep this page open to keep your place.');
    await user.click(screen.getByRole('button', { name: 'Leave the line' }));
    expect(left).toBe(1);

    act(() => step.update({ title: 'Loading Terra...', note: '', action: null, showPercentage: true }));
    expect(screen.queryByRole('button', { name: 'Leave the line' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Loading Terra...' })).not.toHaveTextContent('Keep this page');
  });
});

describe('the global loading state', () => {
  afterEach(() => hideLoading());

  it('has the spec shape, a missing or wild percentage counting as 0 or 100', () => {
    showLoading({ showPercentage: true, percentage: Number.NaN });
    expect(useLoadingStore.getState()).toEqual({
      enabled: true,
      closeable: false,
      title: 'Loading...',
      description: '',
      showPercentage: true,
      percentage: 0,
      picture: null,
      note: '',
      action: null,
    });
    updateLoading(250);
    expect(useLoadingStore.getState().percentage).toBe(100);
    updateLoading({ percentage: undefined });
    expect(useLoadingStore.getState().percentage).toBe(0);
  });

  it('lets a step hide only its own overlay, not a later step that took over', () => {
    const first = showLoading({ title: 'Allocating an engine session' });
    const second = showLoading({ title: 'Uploading the backplate', showPercentage: true });
    first.update(80);
    first.hide();
    expect(useLoadingStore.getState()).toMatchObject({
      enabled: true,
      title: 'Uploading the backplate',
      percentage: 0,
    });
    second.update(30);
    expect(useLoadingStore.getState().percentage).toBe(30);
    second.hide();
    expect(useLoadingStore.getState().enabled).toBe(false);
  });

  it('ignores updates while hidden', () => {
    updateLoading(50);
    expect(useLoadingStore.getState()).toMatchObject({ enabled: false, percentage: 0 });
  });

  it('shows a still of what is loading behind the progress, and only while it loads', () => {
    render(<GlobalLoadingOverlay />);
    act(() => void showLoading({ title: 'Loading Terra...', picture: '/api/media/terra/preview.jpg' }));
    expect(screen.getByTestId('loading-picture')).toHaveAttribute('src', '/api/media/terra/preview.jpg');
    // The next step without a still shows none, rather than the last one's.
    act(() => void showLoading({ title: 'Uploading the backplate' }));
    expect(screen.queryByTestId('loading-picture')).not.toBeInTheDocument();
    act(() => hideLoading());
    expect(screen.queryByTestId('loading-picture')).not.toBeInTheDocument();
  });
});
