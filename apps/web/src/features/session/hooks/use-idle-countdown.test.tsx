import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleWarning } from '../components/idle-warning';
import { useIdleCountdown } from './use-idle-countdown';

function Studio({ enabled = true, onExpire }: { enabled?: boolean; onExpire: () => void }) {
  const phase = useIdleCountdown({ enabled, idleMs: 60_000, countdownMs: 30_000, onExpire });
  return (
    <>
      <p data-testid="phase">{phase.kind}</p>
      {phase.kind === 'warning' && <IdleWarning secondsLeft={phase.secondsLeft} />}
    </>
  );
}

describe('the idle countdown', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  const pass = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('warns after the idle time, counts down, and expires once', () => {
    const onExpire = vi.fn();
    render(<Studio onExpire={onExpire} />);
    pass(59_000);
    expect(screen.getByTestId('phase')).toHaveTextContent('active');
    pass(1_500);
    expect(screen.getByRole('alertdialog', { name: 'Are you still there?' })).toHaveTextContent('in 30 s');
    expect(screen.getByRole('alertdialog')).toHaveTextContent('0:30');
    pass(20_000);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('in 10 s');
    pass(10_000);
    expect(screen.getByTestId('phase')).toHaveTextContent('expired');
    expect(onExpire).toHaveBeenCalledTimes(1);
    pass(60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('goes back to active on any input, and starts counting again from it', () => {
    const onExpire = vi.fn();
    render(<Studio onExpire={onExpire} />);
    pass(70_000);
    expect(screen.getByTestId('phase')).toHaveTextContent('warning');
    fireEvent.keyDown(window, { key: 'Shift' });
    expect(screen.getByTestId('phase')).toHaveTextContent('active');
    pass(59_000);
    expect(screen.getByTestId('phase')).toHaveTextContent('active');
    fireEvent.pointerMove(window);
    pass(59_000);
    expect(screen.getByTestId('phase')).toHaveTextContent('active');
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('expires on time in a tab the browser throttled: elapsed time is read from the clock', () => {
    const onExpire = vi.fn();
    render(<Studio onExpire={onExpire} />);
    // No tick ran for 95 s (a background tab), then one does.
    act(() => {
      vi.setSystemTime(Date.now() + 95_000);
    });
    pass(250);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('watches nothing while disabled (no session to give back)', () => {
    const onExpire = vi.fn();
    render(<Studio enabled={false} onExpire={onExpire} />);
    pass(200_000);
    expect(screen.getByTestId('phase')).toHaveTextContent('active');
    expect(onExpire).not.toHaveBeenCalled();
  });
});
