import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamOverlay } from './stream-overlay';

const noop = () => {};
/** The overlay's own live region (its spinner is a status too). */
const region = (text: string) => screen.getByText(text).closest('[aria-live]');

describe('the stream overlay over a first picture', () => {
  it('veils the viewport while connecting when there is no picture to show', () => {
    render(<StreamOverlay status={{ kind: 'connecting' }} onPlay={noop} onRetry={noop} />);
    expect(region('Connecting to the stream…')).toHaveClass('bg-black/70');
  });

  it('says it is connecting in one quiet line that leaves the picture in view', () => {
    render(<StreamOverlay status={{ kind: 'connecting' }} overPicture onPlay={noop} onRetry={noop} />);
    expect(region('Connecting to the stream…')).not.toHaveClass('bg-black/70');
    expect(region('Connecting to the stream…')).toHaveClass('bottom-4');
  });

  it('says what it waits for when the video is live but the engine has not caught up with the picture', () => {
    const { rerender } = render(<StreamOverlay status={{ kind: 'live' }} overPicture onPlay={noop} onRetry={noop} />);
    expect(region('Preparing the live view…')).toBeVisible();
    rerender(<StreamOverlay status={{ kind: 'live' }} onPlay={noop} onRetry={noop} />);
    expect(screen.queryByText('Preparing the live view…')).not.toBeInTheDocument();
  });

  it('still offers a retry over the picture when the stream failed', () => {
    render(
      <StreamOverlay
        status={{ kind: 'failed', reason: 'Connection failed' }}
        overPicture
        onPlay={noop}
        onRetry={noop}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Connection failed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
