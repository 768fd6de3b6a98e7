import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES, STREAM_QUALITY_REPORT_MS } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import type { PlayerStats } from '../lib/stream-quality';
import { useStreamQualityReports } from './use-stream-quality-reports';

/** The player's statistics `seconds` into a 60 fps stream at 8 Mbit/s without loss, 20 ms round trip. */
const statsAt = (seconds: number): PlayerStats => ({
  inboundVideoStats: {
    timestamp: seconds * 1000,
    bytesReceived: seconds * 1_000_000,
    packetsReceived: seconds * 800,
    packetsLost: 0,
    framesDecoded: seconds * 60,
    totalDecodeTime: seconds * 60 * 0.003,
    framesPerSecond: 60,
    jitter: 0.002,
    frameWidth: 1280,
    frameHeight: 720,
    codecId: 'c1',
  },
  candidatePairs: [{ selected: true, currentRoundTripTime: 0.02 }],
  codecs: new Map([['c1', { mimeType: 'video/VP8' }]]),
});

describe('stream quality reports', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const sent = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: url as string,
      body: JSON.parse(init?.body as string) as Record<string, unknown>,
    }));

  it('sends what the player received every 10 s while the stream plays, rates over the span', async () => {
    const statsRef = { current: statsAt(1) as PlayerStats | null };
    const controlToPhotonRef = { current: null as number | null };
    const { rerender, unmount } = renderHook(
      ({ playing }) => useStreamQualityReports('s-1', statsRef, playing, controlToPhotonRef),
      { initialProps: { playing: false } },
    );
    await act(() => vi.advanceTimersByTimeAsync(STREAM_QUALITY_REPORT_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();

    rerender({ playing: true });
    await act(() => vi.advanceTimersByTimeAsync(STREAM_QUALITY_REPORT_MS));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([
      {
        url: expect.stringContaining(API_ROUTES.sessions.streamQuality) as string,
        body: expect.objectContaining({
          sessionId: 's-1',
          framesPerSecond: 60,
          roundTripMs: 20,
          bitrateKbps: null,
          controlToPhotonMs: null,
        }) as object,
      },
    ]);
    // Ten seconds on: the span's bitrate and decode time, and the picture's answer to a control sent meanwhile.
    statsRef.current = statsAt(11);
    controlToPhotonRef.current = 64.54;
    await act(() => vi.advanceTimersByTimeAsync(STREAM_QUALITY_REPORT_MS));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sent()[1]?.body).toMatchObject({
      bitrateKbps: 8000,
      decodeMs: 3,
      packetLoss: 0,
      width: 1280,
      codec: 'video/VP8',
      controlToPhotonMs: 64.5,
    });
    // No new statistics: nothing new to say.
    await act(() => vi.advanceTimersByTimeAsync(STREAM_QUALITY_REPORT_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Stopped (the stream is gone): no more reports.
    unmount();
    statsRef.current = statsAt(30);
    await act(() => vi.advanceTimersByTimeAsync(STREAM_QUALITY_REPORT_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
