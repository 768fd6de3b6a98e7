import { Config, Logger, PixelStreaming } from '@epicgames-ps/lib-pixelstreamingfrontend-ue5.5';
import { SIGNALLING_CLOSE, SOCKET, SOCKET_MESSAGES } from '@autostudio/protocol';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { playOutAtOnce } from '../lib/play-out-at-once';
import type { PlayerStats } from '../lib/stream-quality';
import { StreamReconnectPolicy } from '../lib/stream-reconnect';
import { connectionFailed, type StreamFrames, type StreamStatus } from '../lib/stream-status';

export interface PixelStreamingTarget {
  /** The session's signalling URL, `ws(s)://…/signalling?streamerId=<id>`. */
  instanceUrl: string;
  getAccessToken: () => string | null;
  /** The signalling server ended the stream because the engine session ended. */
  onSessionEnded?: (() => void) | undefined;
}

/** Epic's library is chatty at its default level; warnings and errors are what a studio user's console needs. */
const LOG_LEVEL_WARNING = 2;

/** The player's URL: the session's instanceUrl plus the access token the signalling server admits players by. */
export function playerUrl(instanceUrl: string, token: string | null): string {
  const url = new URL(instanceUrl);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

function createStream(target: PixelStreamingTarget, parent: HTMLElement): PixelStreaming {
  const streamerId = new URL(target.instanceUrl).searchParams.get('streamerId') ?? '';
  Logger.InitLogging(LOG_LEVEL_WARNING, false);
  const config = new Config({
    useUrlParams: false,
    initialSettings: {
      ss: playerUrl(target.instanceUrl, target.getAccessToken()),
      StreamerId: streamerId,
      AutoConnect: true,
      AutoPlayVideo: true,
      StartVideoMuted: true,
      MatchViewportRes: true,
      WaitForStreamer: true,
      // The app turns the camera through the remote-control API; nothing of the pointer or keyboard goes to the engine.
      MouseInput: false,
      KeyboardInput: false,
      TouchInput: false,
      GamepadInput: false,
      XRControllerInput: false,
      SuppressBrowserKeys: false,
      HoveringMouse: true,
      // Spec §9 socket defaults: the keepalive every 30 s here; reconnection by StreamReconnectPolicy, since the
      // library's own waits a fixed 2000 ms between attempts (0 turns it off, and its wait for a missing streamer).
      KeepaliveDelay: SOCKET.heartbeatMs,
      MaxReconnectAttempts: 0,
    },
  });
  const stream = new PixelStreaming(config, { videoElementParent: parent });
  // Reconnects build their URL again, so that a refreshed access token is the one presented.
  stream.setSignallingUrlBuilder(() => playerUrl(target.instanceUrl, target.getAccessToken()));
  return stream;
}

/**
 * Plays a session's stream into `container` with Epic's frontend: connects once per instanceUrl, reports what to
 * show, and leaves nothing behind on unmount (the library's disconnect keeps its <video>; we remove it).
 */
export function usePixelStreaming(container: RefObject<HTMLDivElement | null>, target: PixelStreamingTarget) {
  const [status, setStatus] = useState<StreamStatus>({ kind: 'connecting' });
  const [frames, setFrames] = useState<StreamFrames>({ received: 0, decoded: 0, perSecond: 0 });
  const streamRef = useRef<PixelStreaming | null>(null);
  /** The player's statistics as last received (about every second), for the stream quality reports. */
  const statsRef = useRef<PlayerStats | null>(null);
  const policyRef = useRef<StreamReconnectPolicy | null>(null);
  // The token getter may change identity on every render; the stream reads the latest one.
  const tokenRef = useRef(target.getAccessToken);
  const endedRef = useRef(target.onSessionEnded);
  useEffect(() => {
    tokenRef.current = target.getAccessToken;
    endedRef.current = target.onSessionEnded;
  });
  const { instanceUrl } = target;

  useEffect(() => {
    const parent = container.current;
    if (!parent) return;
    let disposed = false;
    let stream: PixelStreaming | null = null;
    let startTimer: number | undefined;
    let retryTimer: number | undefined;
    const policy = new StreamReconnectPolicy();
    policyRef.current = policy;
    // Each attempt has the socket timeout to become a playing stream; the user must not wait forever.
    const armTimeout = () => {
      window.clearTimeout(startTimer);
      startTimer = window.setTimeout(() => {
        if (!disposed) setStatus({ kind: 'failed', reason: SOCKET_MESSAGES.connectionTimeout });
      }, SOCKET.timeoutMs);
    };
    /**
     * The next attempt after its wait, or `failed` with the reason once the attempts are spent. An open socket asks
     * for the streamer list again (the streamer was missing); a closed one connects again.
     */
    const retry = (reason: string | undefined) => {
      const wait = policy.next();
      if (wait === null) {
        window.clearTimeout(startTimer);
        setStatus(connectionFailed(reason));
        return;
      }
      setStatus({ kind: 'reconnecting' });
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(() => {
        if (disposed || !stream) return;
        armTimeout();
        const signalling = stream.webRtcController.protocol;
        if (signalling.isConnected()) signalling.sendMessage({ type: 'listStreamers' });
        else stream.reconnect();
      }, wait);
    };

    // StrictMode mounts, unmounts and mounts again synchronously: constructing after a microtask means the first,
    // cancelled mount never opens a connection (the library connects inside its constructor).
    queueMicrotask(() => {
      if (disposed) return;
      // Epic's library reads the browser's codecs as it starts; without WebRTC it would throw, not explain.
      if (typeof RTCPeerConnection === 'undefined' || typeof RTCRtpReceiver === 'undefined') {
        setStatus(connectionFailed('this browser has no WebRTC'));
        return;
      }
      setStatus({ kind: 'connecting' });
      stream = createStream({ instanceUrl, getAccessToken: () => tokenRef.current() }, parent);
      streamRef.current = stream;
      const live = () => {
        window.clearTimeout(startTimer);
        playOutAtOnce(stream?.webRtcController.peerConnectionController.peerConnection);
        policy.reset();
        setStatus({ kind: 'live' });
      };
      armTimeout();
      stream.addEventListener('playStream', live);
      // The session's streamer is not (yet) in the list, as while an engine starts: ask again after the next wait.
      stream.addEventListener('streamerListMessage', (event) => {
        if (!disposed && !event.data.autoSelectedStreamerId) retry(SOCKET_MESSAGES.connectionTimeout);
      });
      stream.addEventListener('playStreamRejected', () => setStatus({ kind: 'click-to-play' }));
      stream.addEventListener('streamReconnect', () => setStatus({ kind: 'reconnecting' }));
      stream.addEventListener('subscribeFailed', (event) => setStatus(connectionFailed(event.data.message)));
      stream.addEventListener('webRtcFailed', () => setStatus(connectionFailed()));
      stream.addEventListener('webRtcDisconnected', (event) => {
        if (disposed) return;
        // The session is over: the engine may already show someone else's car, so the last frame must go too.
        if (event.data.eventString === SIGNALLING_CLOSE.sessionEnded.reason) {
          window.clearTimeout(startTimer);
          stream?.webRtcController.destroyVideoPlayer();
          setStatus({ kind: 'ended', reason: SIGNALLING_CLOSE.sessionEnded.reason });
          endedRef.current?.();
          return;
        }
        // allowClickToReconnect is false only when the library reconnects by itself, which it does just after the
        // user's "Try again" (a forced reconnect); otherwise (MaxReconnectAttempts 0) the policy does.
        if (event.data.allowClickToReconnect) retry(event.data.eventString);
        else setStatus({ kind: 'reconnecting' });
      });
      stream.addEventListener('statsReceived', (event) => {
        statsRef.current = event.data.aggregatedStats;
        const video = event.data.aggregatedStats.inboundVideoStats;
        setFrames({
          received: video.framesReceived ?? 0,
          decoded: video.framesDecoded ?? 0,
          perSecond: video.framesPerSecond ?? 0,
        });
      });
    });

    // The library fits the picture and asks the engine for a matching resolution on window resizes only; the
    // viewport also changes size when the panels are hidden or shown, which would leave the old size in black bars.
    const resized = new ResizeObserver(() => stream?.webRtcController.resizePlayerStyle());
    resized.observe(parent);

    return () => {
      disposed = true;
      resized.disconnect();
      window.clearTimeout(startTimer);
      window.clearTimeout(retryTimer);
      if (!stream) return;
      stream.disconnect();
      stream.webRtcController.destroyVideoPlayer();
      parent.replaceChildren();
      if (streamRef.current === stream) streamRef.current = null;
    };
  }, [container, instanceUrl]);

  /** From a user gesture, after the browser refused to autoplay. */
  const play = useCallback(() => {
    const stream = streamRef.current;
    if (!stream) return;
    setStatus({ kind: 'connecting' });
    stream.play();
  }, []);

  const reconnect = useCallback(() => {
    const stream = streamRef.current;
    // The user's "Try again" starts the count of attempts afresh.
    policyRef.current?.reset();
    if (!stream) return;
    setStatus({ kind: 'reconnecting' });
    stream.reconnect();
  }, []);

  return { status, frames, play, reconnect, statsRef };
}
