import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET, SOCKET_MESSAGES } from '@autostudio/protocol';
import { usePixelStreaming } from './use-pixel-streaming';

/** Epic's frontend is outside the project: a stand-in records what the hook configures and lets the test fire events. */
const players: FakePixelStreaming[] = [];
class FakePixelStreaming {
  readonly listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  readonly reconnect = vi.fn();
  readonly disconnect = vi.fn();
  socketOpen = false;
  /** The peer connection's receivers: the stream's video and audio. */
  readonly receivers = (['video', 'audio'] as const).map((kind) => ({
    track: { kind },
    jitterBufferTarget: null as number | null,
  }));
  readonly webRtcController = {
    destroyVideoPlayer: vi.fn(),
    protocol: { isConnected: () => this.socketOpen, sendMessage: vi.fn() },
    peerConnectionController: { peerConnection: { getReceivers: () => this.receivers } },
  };
  constructor(readonly config: { initialSettings: Record<string, unknown> }) {
    players.push(this);
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  setSignallingUrlBuilder() {}
  emit(type: string, data: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}
vi.mock('@epicgames-ps/lib-pixelstreamingfrontend-ue5.5', () => ({
  // The options object stands for the config: the stand-in player reads its initial settings.
  Config: vi.fn(function Config(options: { initialSettings: Record<string, unknown> }) {
    return options;
  }),
  Logger: { InitLogging: () => {} },
  PixelStreaming: vi.fn(function PixelStreaming(config: { initialSettings: Record<string, unknown> }) {
    return new FakePixelStreaming(config);
  }),
}));

function Player() {
  const container = useRef<HTMLDivElement>(null);
  const { status } = usePixelStreaming(container, {
    instanceUrl: 'ws://server.test/signalling?streamerId=engine-0',
    getAccessToken: () => 'a-token',
  });
  const shown = status.kind === 'failed' ? `failed: ${status.reason}` : status.kind;
  return <div ref={container} data-testid="player" data-shown={shown} />;
}

const dropSocket = (player: FakePixelStreaming) => {
  act(() => player.emit('webRtcDisconnected', { eventString: 'socket closed', allowClickToReconnect: true }));
};
const shown = () => screen.getByTestId('player').dataset.shown;

describe("the player's signalling socket", () => {
  beforeEach(() => {
    players.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal('RTCPeerConnection', vi.fn());
    vi.stubGlobal('RTCRtpReceiver', vi.fn());
  });
  afterEach(() => vi.useRealTimers());

  async function start(): Promise<FakePixelStreaming> {
    render(<Player />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const player = players[0];
    if (!player) throw new Error('no player was created');
    return player;
  }

  it("keeps the spec's keepalive and leaves reconnection to the app", async () => {
    const player = await start();
    expect(player.config.initialSettings).toMatchObject({
      KeepaliveDelay: SOCKET.heartbeatMs,
      MaxReconnectAttempts: 0,
    });
  });

  it('reconnects after 1000 ms times the attempt number, 5 times, then says the connection failed', async () => {
    const player = await start();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= SOCKET.reconnectAttempts; attempt += 1) {
      dropSocket(player);
      expect(shown()).toBe('reconnecting');
      const before = player.reconnect.mock.calls.length;
      let waited = 0;
      while (player.reconnect.mock.calls.length === before) {
        await act(() => vi.advanceTimersByTimeAsync(100));
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000]);
    dropSocket(player);
    expect(shown()).toBe(`failed: ${SOCKET_MESSAGES.connectionFailedWith('socket closed')}`);
  });

  it('counts again from the first attempt once the stream plays', async () => {
    const player = await start();
    dropSocket(player);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    dropSocket(player);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    act(() => player.emit('playStream'));
    expect(shown()).toBe('live');
    dropSocket(player);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(player.reconnect).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(player.reconnect).toHaveBeenCalledTimes(3);
  });

  it('asks for the streamer list again while the session’s streamer is missing from it', async () => {
    const player = await start();
    player.socketOpen = true;
    act(() => player.emit('streamerListMessage', { autoSelectedStreamerId: '' }));
    await act(() => vi.advanceTimersByTimeAsync(SOCKET.reconnectDelayMs));
    expect(player.webRtcController.protocol.sendMessage).toHaveBeenCalledWith({ type: 'listStreamers' });
    expect(player.reconnect).not.toHaveBeenCalled();
  });

  it('shows video frames as soon as they are decoded once the stream plays', async () => {
    const player = await start();
    act(() => player.emit('playStream'));
    expect(player.receivers.map((receiver) => [receiver.track.kind, receiver.jitterBufferTarget])).toEqual([
      ['video', 0],
      ['audio', null],
    ]);
  });

  it('gives up after the socket timeout when the stream never plays', async () => {
    await start();
    await act(() => vi.advanceTimersByTimeAsync(SOCKET.timeoutMs));
    expect(shown()).toBe(`failed: ${SOCKET_MESSAGES.connectionTimeout}`);
  });
});
