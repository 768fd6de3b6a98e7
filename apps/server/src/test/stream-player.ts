import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@autostudio/engine/testing';

/**
 * A Pixel Streaming player in a real Chromium, for tests of the whole path engine → signalling → browser. It speaks
 * the 5.5 protocol the way Epic's frontend does (reference pixel-streaming.md §1–2): it builds its peer connection on
 * `config`, asks for the streamer list, subscribes, answers the streamer's offer, trickles ICE both ways, takes the
 * video only from a track that comes with a stream, and adopts the `datachannel` channel. Written as plain page
 * script so it runs as is, with nothing to bundle.
 */
const PLAYER_SCRIPT = String.raw`
(() => {
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  document.body.append(video);
  const state = { phase: 'idle', errors: [], firstFrameMs: null, startedAt: 0, channelOpen: false, closeCode: null, marks: {} };
  let connection = null;
  let channel = null;
  let socket = null;
  let pending = [];
  const send = (message) => socket.send(JSON.stringify(message));

  async function handle(message, streamerId) {
    if (!(message.type in state.marks)) state.marks[message.type] = Math.round(performance.now() - state.startedAt);
    switch (message.type) {
      case 'config':
        connection = new RTCPeerConnection(message.peerConnectionOptions);
        connection.onconnectionstatechange = () => {
          state.marks[connection.connectionState] ??= Math.round(performance.now() - state.startedAt);
        };
        connection.onicecandidate = (event) => {
          if (event.candidate) send({ type: 'iceCandidate', candidate: event.candidate.toJSON() });
        };
        connection.ontrack = (event) => {
          // Epic's frontend drops a track that comes without a stream: so must we, to prove the streamer sends one.
          if (event.streams.length === 0) return state.errors.push('track without a stream');
          if (event.track.kind !== 'video') return;
          // As the web app's player: frames are shown as soon as they are decoded (an interactive stream, no audio).
          if ('jitterBufferTarget' in event.receiver) event.receiver.jitterBufferTarget = 0;
          video.srcObject = event.streams[0];
        };
        connection.ondatachannel = (event) => {
          channel = event.channel;
          channel.binaryType = 'arraybuffer';
          channel.onopen = () => { state.channelOpen = true; };
          if (channel.readyState === 'open') state.channelOpen = true;
        };
        send({ type: 'listStreamers' });
        return;
      case 'streamerList':
        if (message.ids.includes(streamerId)) {
          state.phase = 'subscribing';
          send({ type: 'subscribe', streamerId });
        } else {
          // The engine may not have announced itself yet: ask again, as the frontend's WaitForStreamer does.
          setTimeout(() => send({ type: 'listStreamers' }), 500);
        }
        return;
      case 'offer': {
        state.phase = 'negotiating';
        await connection.setRemoteDescription({ type: 'offer', sdp: message.sdp });
        const answer = await connection.createAnswer();
        await connection.setLocalDescription(answer);
        send({ type: 'answer', sdp: answer.sdp });
        for (const candidate of pending.splice(0)) await connection.addIceCandidate(candidate);
        return;
      }
      case 'iceCandidate':
        if (connection && connection.remoteDescription) await connection.addIceCandidate(message.candidate);
        else pending.push(message.candidate);
        return;
      case 'ping':
        send({ type: 'pong', time: message.time });
        return;
      case 'subscribeFailed':
        state.errors.push('subscribeFailed: ' + message.message);
        return;
    }
  }

  function toBytes(id, text) {
    const bytes = new Uint8Array(3 + text.length * 2);
    const view = new DataView(bytes.buffer);
    view.setUint8(0, id);
    view.setUint16(1, text.length, true);
    for (let i = 0; i < text.length; i += 1) view.setUint16(3 + i * 2, text.charCodeAt(i), true);
    return bytes;
  }

  window.streamPlayer = {
    state,
    start(url) {
      const streamerId = new URL(url).searchParams.get('streamerId');
      state.startedAt = performance.now();
      state.phase = 'connecting';
      video.requestVideoFrameCallback(() => {
        state.firstFrameMs = performance.now() - state.startedAt;
        state.phase = 'live';
      });
      socket = new WebSocket(url);
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        handle(message, streamerId).catch((error) => state.errors.push(message.type + ': ' + error));
      };
      socket.onclose = (event) => { state.closeCode = event.code; };
    },
    async stats() {
      const report = await connection.getStats();
      for (const entry of report.values()) {
        if (entry.type === 'inbound-rtp' && entry.kind === 'video') {
          return {
            framesDecoded: entry.framesDecoded ?? 0,
            framesReceived: entry.framesReceived ?? 0,
            jitterBufferDelay: entry.jitterBufferDelay ?? 0,
            jitterBufferEmittedCount: entry.jitterBufferEmittedCount ?? 0,
            totalDecodeTime: entry.totalDecodeTime ?? 0,
            frameWidth: entry.frameWidth ?? 0,
            frameHeight: entry.frameHeight ?? 0,
            codec: report.get(entry.codecId)?.mimeType ?? '',
          };
        }
      }
      return { framesDecoded: 0, framesReceived: 0, jitterBufferDelay: 0, jitterBufferEmittedCount: 0, totalDecodeTime: 0, frameWidth: 0, frameHeight: 0, codec: '' };
    },
    /** Luminance of the current video frame: the whole picture and its centre, where the car stands. */
    picture() {
      const width = video.videoWidth;
      const height = video.videoHeight;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      context.drawImage(video, 0, 0);
      const measure = (x0, y0, x1, y1) => {
        const data = context.getImageData(x0, y0, x1 - x0, y1 - y0).data;
        let sum = 0;
        let squares = 0;
        const n = data.length / 4;
        for (let i = 0; i < data.length; i += 4) {
          const l = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
          sum += l;
          squares += l * l;
        }
        const mean = sum / n;
        return { mean, deviation: Math.sqrt(Math.max(0, squares / n - mean * mean)) };
      };
      return {
        width,
        height,
        whole: measure(0, 0, width, height),
        centre: measure(Math.round(width * 0.3), Math.round(height * 0.35), Math.round(width * 0.7), Math.round(height * 0.75)),
        corner: measure(0, 0, Math.round(width * 0.15), Math.round(height * 0.15)),
      };
    },
    /** A to-streamer Command (id 51): a uint16 length, then UTF-16LE. */
    sendCommand(json) {
      channel.send(toBytes(51, json));
    },
    sendBytes(bytes) {
      channel.send(new Uint8Array(bytes));
    },
    stop() {
      socket?.close(1000);
      connection?.close();
    },
  };
})();
`;

export interface PlayerStats {
  framesDecoded: number;
  framesReceived: number;
  /** Seconds frames waited in the jitter buffer, summed over jitterBufferEmittedCount frames (WebRTC stats). */
  jitterBufferDelay: number;
  jitterBufferEmittedCount: number;
  /** Seconds spent decoding, summed over framesDecoded. */
  totalDecodeTime: number;
  frameWidth: number;
  frameHeight: number;
  codec: string;
}

interface Luminance {
  mean: number;
  deviation: number;
}

export interface PlayerPicture {
  width: number;
  height: number;
  whole: Luminance;
  centre: Luminance;
  corner: Luminance;
}

export interface PlayerState {
  phase: string;
  errors: string[];
  firstFrameMs: number | null;
  channelOpen: boolean;
  closeCode: number | null;
  /** Milliseconds from start to the first of each signalling message and connection state. */
  marks: Record<string, number>;
}

/** The player's page, driven from the test. */
export class StreamPlayer {
  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
  ) {}

  static async launch(): Promise<StreamPlayer> {
    // The video is muted, but a player must never depend on a user gesture in a test.
    const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body style="margin:0;background:#000"></body></html>');
      await page.addScriptTag({ content: PLAYER_SCRIPT });
      return new StreamPlayer(browser, page);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  start(url: string): Promise<void> {
    return this.page.evaluate(`window.streamPlayer.start(${JSON.stringify(url)})`);
  }

  state(): Promise<PlayerState> {
    return this.page.evaluate<PlayerState>('({ ...window.streamPlayer.state })');
  }

  stats(): Promise<PlayerStats> {
    return this.page.evaluate<PlayerStats>('window.streamPlayer.stats()');
  }

  picture(): Promise<PlayerPicture> {
    return this.page.evaluate<PlayerPicture>('window.streamPlayer.picture()');
  }

  sendCommand(command: Record<string, unknown>): Promise<void> {
    return this.page.evaluate(`window.streamPlayer.sendCommand(${JSON.stringify(JSON.stringify(command))})`);
  }

  sendBytes(bytes: number[]): Promise<void> {
    return this.page.evaluate(`window.streamPlayer.sendBytes(${JSON.stringify(bytes)})`);
  }

  async close(): Promise<void> {
    await this.page.evaluate('window.streamPlayer.stop()').catch(() => undefined);
    await this.browser.close();
  }
}
