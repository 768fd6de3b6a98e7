import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderedAssetItem } from '@autostudio/protocol';
import { TurntableViewer } from './turntable-viewer';

const frames: RenderedAssetItem[] = Array.from({ length: 24 }, (_, i) => ({
  id: `frame-${i}`,
  kind: 'frame',
  url: `/api/media/renders/job/frame-${String(i + 1).padStart(2, '0')}.jpg`,
  fileName: `frame-${String(i + 1).padStart(2, '0')}.jpg`,
  contentType: 'image/jpeg',
  size: 1000,
  width: 640,
  height: 360,
  createdAt: '2026-11-29T00:00:00.000Z',
}));

describe('the turntable viewer', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('turns a frame at a time with the arrow keys, round past the start, and says by how much', () => {
    const onFrame = vi.fn();
    render(<TurntableViewer frames={frames} name="Spin" onFrame={onFrame} />);
    const car = screen.getByRole('slider', { name: 'Turn the car' });
    expect(car).toHaveAttribute('aria-valuenow', '0');
    fireEvent.keyDown(car, { key: 'ArrowLeft' });
    expect(car).toHaveAttribute('aria-valuenow', '15');
    expect(car).toHaveAttribute('aria-valuetext', '15°, frame 2 of 24');
    expect(screen.getByRole('img', { name: 'Spin, turned 15°' })).toHaveAttribute('src', frames[1]?.url);
    expect(onFrame).toHaveBeenLastCalledWith(frames[1]);
    fireEvent.keyDown(car, { key: 'ArrowRight' });
    fireEvent.keyDown(car, { key: 'ArrowRight' });
    // Past the first frame is the last: once round, not stopped at an end.
    expect(car).toHaveAttribute('aria-valuenow', '345');
    fireEvent.keyDown(car, { key: 'Home' });
    expect(car).toHaveAttribute('aria-valuenow', '0');
  });

  it('spins by itself on Play, and stops where it is on Pause', async () => {
    vi.useFakeTimers();
    render(<TurntableViewer frames={frames} name="Spin" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play the turntable' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const car = screen.getByRole('slider', { name: 'Turn the car' });
    // 12 frames a second: half a turn of 24 frames.
    expect(car).toHaveAttribute('aria-valuenow', '180');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the turntable' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(car).toHaveAttribute('aria-valuenow', '180');
  });

  it('goes to a frame from the frame slider', () => {
    render(<TurntableViewer frames={frames} name="Spin" />);
    fireEvent.change(screen.getByRole('slider', { name: 'Frame' }), { target: { value: '6' } });
    expect(screen.getByRole('slider', { name: 'Turn the car' })).toHaveAttribute('aria-valuenow', '90');
  });
});
