import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillSettings, useEngineStore } from '@/lib/engine';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { useAnimationPlaybackStore } from '../stores/animation-playback-store';
import { PresetAnimationPicker } from './preset-animation-picker';

/** An engine that makes and plays sequences, and says it plays until told to stop. */
function sequenceEngine() {
  const sent: string[] = [];
  let created = 0;
  const client: RemoteTransport = {
    call: <T,>(_url: string, body?: unknown) => {
      const { functionName = '' } = body as { functionName?: string };
      sent.push(functionName);
      const answer =
        functionName === 'CreateSequence'
          ? { SequencePath: `/Game/Sequences/Preset${(created += 1)}` }
          : functionName === 'GetAnimationPlayingStatus'
            ? { Playing: true, Time: 0.5 }
            : {};
      return Promise.resolve(answer as T);
    },
  };
  return { sent, api: new RemoteApi(client) };
}

const attach = (engine: ReturnType<typeof sequenceEngine>) =>
  act(() => useEngineStore.setState({ api: engine.api, status: 'ready', settings: fillSettings({}) }));

afterEach(() => {
  act(() => useEngineStore.getState().detach());
  // The store outlives the picker (files share a module graph): nothing may go on polling a test's engine.
  useAnimationPlaybackStore.getState().followEngine(null);
});

describe('the preset animation picker', () => {
  it('plays a move in the viewport, and a new engine (a new session) shows it stopped and makes the move again', async () => {
    const user = userEvent.setup();
    const first = sequenceEngine();
    attach(first);
    render(<PresetAnimationPicker onCamera={vi.fn()} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Stopped');

    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(status).toHaveTextContent('Playing'));
    expect(first.sent.slice(0, 2)).toEqual(['CreateSequence', 'PlaySequenceWithPath']);

    const second = sequenceEngine();
    attach(second);
    await waitFor(() => expect(status).toHaveTextContent('Stopped'));
    // The first engine is polled no more once the second is attached.
    const asked = first.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.sent).toHaveLength(asked);

    // The second engine has none of the first one's sequences: the move is made there before it plays.
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(status).toHaveTextContent('Playing'));
    expect(second.sent.slice(0, 2)).toEqual(['CreateSequence', 'PlaySequenceWithPath']);
  });
});
