import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RenderJobEntry } from '../hooks/use-render-jobs';
import { RenderProgressPanel } from './render-progress-panel';

function entry(id: string, changes: Partial<RenderJobEntry>): RenderJobEntry {
  return {
    id,
    jobId: `job-${id}`,
    kind: 'still',
    name: id,
    status: 'rendering',
    progress: 0,
    message: '',
    error: null,
    outputs: [],
    renderedAssetId: null,
    items: [],
    strikes: 0,
    ...changes,
  };
}

describe('the render progress panel', () => {
  const idle = { cancel: () => Promise.resolve(), dismiss: () => undefined };

  it('keeps clear of the viewport’s corner: inset from its bottom and right edges, not in the corner', () => {
    render(<RenderProgressPanel jobs={[entry('Orbit', { progress: 10 })]} {...idle} />);
    const tray = screen.getByRole('region', { name: 'Renders' });
    expect(tray).toHaveAttribute('data-corner-clear');
    expect(tray).toHaveClass('right-12', 'bottom-12');
    expect(tray).not.toHaveClass('right-3');
    expect(tray).not.toHaveClass('bottom-3');
  });

  it('shows a matrix variant by variant: which are done, from the cache, on the engine, waiting or not offered', () => {
    const items = [
      { row: 'Terra Base', column: 'Rallye Red', state: 'cached' },
      { row: 'Terra Base', column: 'Cobalt Blue', state: 'skipped' },
      { row: 'Terra Limited', column: 'Rallye Red', state: 'done' },
      { row: 'Terra Limited', column: 'Cobalt Blue', state: 'rendering' },
      { row: 'Terra Sport', column: 'Rallye Red', state: 'waiting' },
      { row: 'Terra Sport', column: 'Cobalt Blue', state: 'waiting' },
    ] as const;
    const range = entry('Range', { kind: 'matrix', progress: 40, items: [...items] });
    const { rerender } = render(<RenderProgressPanel jobs={[range]} {...idle} />);
    const grid = screen.getByRole('table', { name: 'Items of Range' });
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((row) => row.textContent),
    ).toEqual(['Terra Base', 'Terra Limited', 'Terra Sport']);
    const limited = within(grid).getByRole('row', { name: /Terra Limited/ });
    expect(
      within(limited)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['done', 'rendering']);
    expect(within(limited).getAllByRole('cell')[1]).toHaveAttribute('title', 'Terra Limited · Cobalt Blue: rendering');
    const tray = screen.getByRole('listitem', { name: 'Range' });
    expect(tray).toHaveTextContent('1 done1 from the cache1 rendering2 waiting1 not offered');

    // Once done, the files take its place; a job of one image never shows one.
    rerender(<RenderProgressPanel jobs={[{ ...range, status: 'completed', progress: 100 }]} {...idle} />);
    expect(screen.queryByRole('table', { name: 'Items of Range' })).not.toBeInTheDocument();
    rerender(<RenderProgressPanel jobs={[entry('Still', { items: [items[0]] })]} {...idle} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names a matrix’s rows by what tells them apart, the whole name in a tooltip', () => {
    const items = ['Studio', 'Desert'].flatMap((place) =>
      ['Rallye Red', 'Cobalt Blue'].map((column) => ({
        row: `Terra Base · Front ¾ · ${place}`,
        column,
        state: 'waiting' as const,
      })),
    );
    render(<RenderProgressPanel jobs={[entry('Places', { kind: 'matrix', items })]} {...idle} />);
    const grid = screen.getByRole('table', { name: 'Items of Places' });
    const rows = within(grid).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['Studio', 'Desert']);
    expect(rows[1]).toHaveAttribute('title', 'Terra Base · Front ¾ · Desert');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((column) => column.textContent),
    ).toEqual(['', 'Rallye Red', 'Cobalt Blue']);
  });

  it('is hidden without renders', () => {
    render(<RenderProgressPanel jobs={[]} {...idle} />);
    expect(screen.queryByRole('region', { name: 'Renders' })).not.toBeInTheDocument();
  });

  it('shows each render: progress and message while running, the error when failed, files when completed', async () => {
    const user = userEvent.setup();
    const cancel = vi.fn(() => Promise.resolve());
    const dismiss = vi.fn();
    const jobs = [
      entry('Orbit', { kind: 'video', progress: 42, message: 'Rendering frame 12 of 360 (64 raster samples)' }),
      entry('Broken', { status: 'failed', progress: 5, error: 'Failed to get render status' }),
      entry('Dusk', {
        status: 'completed',
        progress: 100,
        outputs: [
          { kind: 'Beauty', url: '/media/dusk-beauty.jpg', contentType: 'image/jpeg' },
          { kind: 'Depth', url: '/media/dusk-depth.png', contentType: 'image/png' },
          { kind: 'thumbnail', url: '/media/dusk-thumbnail.jpg', contentType: 'image/jpeg' },
        ],
      }),
    ];
    render(<RenderProgressPanel jobs={jobs} cancel={cancel} dismiss={dismiss} />);
    const panel = screen.getByRole('region', { name: 'Renders' });
    expect(within(panel).getByText('1 running')).toBeVisible();

    const orbit = within(panel).getByRole('listitem', { name: 'Orbit' });
    expect(within(orbit).getByLabelText('Video')).toBeInTheDocument();
    expect(within(orbit).getByRole('progressbar', { name: 'Orbit progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(orbit).toHaveTextContent('Rendering 42%');
    expect(orbit).toHaveTextContent('Rendering frame 12 of 360');
    await user.click(within(orbit).getByRole('button', { name: 'Cancel Orbit' }));
    expect(cancel).toHaveBeenCalledWith('Orbit');

    const broken = within(panel).getByRole('listitem', { name: 'Broken' });
    expect(within(broken).getByRole('alert')).toHaveTextContent('Failed to get render status');
    expect(within(broken).queryByRole('button', { name: 'Cancel Broken' })).not.toBeInTheDocument();
    await user.click(within(broken).getByRole('button', { name: 'Dismiss Broken' }));
    expect(dismiss).toHaveBeenCalledWith('Broken');

    const dusk = within(panel).getByRole('listitem', { name: 'Dusk' });
    expect(within(dusk).getByRole('img', { name: 'Thumbnail of Dusk' })).toHaveAttribute(
      'src',
      '/media/dusk-thumbnail.jpg',
    );
    const files = within(dusk).getByRole('list', { name: 'Outputs of Dusk' });
    expect(within(files).getByRole('link', { name: 'Beauty' })).toHaveAttribute('href', '/media/dusk-beauty.jpg');
    expect(within(files).getByRole('link', { name: 'Depth' })).toHaveAttribute('target', '_blank');
    expect(within(files).queryByRole('link', { name: 'thumbnail' })).not.toBeInTheDocument();
  });

  it('counts the many files of one kind as one link (a turntable’s frames), beside its video', () => {
    const frames = Array.from({ length: 36 }, (_, i) => ({
      kind: 'frame',
      url: `/media/spin/frame-${i + 1}.jpg`,
      contentType: 'image/jpeg',
    }));
    const spin = entry('Spin', {
      kind: 'turntable',
      status: 'completed',
      progress: 100,
      outputs: [...frames, { kind: 'video', url: '/media/spin/Spin.mp4', contentType: 'video/mp4' }],
    });
    render(<RenderProgressPanel jobs={[spin]} {...idle} />);
    const row = screen.getByRole('listitem', { name: 'Spin' });
    expect(within(row).getByLabelText('Turntable')).toBeInTheDocument();
    const files = within(row).getByRole('list', { name: 'Outputs of Spin' });
    expect(
      within(files)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['36 frames', 'Video']);
    expect(within(files).getByRole('link', { name: '36 frames' })).toHaveAttribute('href', '/media/spin/frame-1.jpg');
  });
});
