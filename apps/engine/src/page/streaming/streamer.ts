import { withBitrateFloor } from './bitrate-floor.js';
import { resolutionRequest, type ResolutionRequest } from './data-channel.js';
import type { CandidatePolicy } from '../../contract/render-contract.js';
import { candidateAllowed, namesTurnServer, offerForPlayers } from '../../contract/ice-candidates.js';

/** Signalling protocol version of Pixel Streaming 5.5. */
const PROTOCOL_VERSION = '1.3.0';
/** Measured in reference/chromium.md: a high ceiling and no resolution drops keep every rendered frame sharp. */
const MAX_BITRATE = 6_000_000;
/** Where the bandwidth estimate starts, and how low it may fall (see withBitrateFloor). */
const BITRATE_FLOOR = { startKbps: MAX_BITRATE / 1000, minKbps: 2000 };
const RECONNECT_MS = 2000;
/** Idle frames are repeated this often so a player that joins late, or lost a packet, still gets a picture. */
const IDLE_REPEAT_MS = 1000;
/** A player that has not connected by then no longer holds idle refinement back. */
const NEGOTIATION_TIMEOUT_MS = 10_000;

interface Peer {
  connection: RTCPeerConnection;
  pendingCandidates: RTCIceCandidateInit[];
  channel: RTCDataChannel;
}

export interface StreamerOptions {
  /** Signalling URL including the engine key. */
  url: string;
  streamerId: string;
  /** Which of the engine's ICE candidates players may be told (ice-candidates.ts). */
  candidates: CandidatePolicy;
  /** Redraws the last picture into the canvas (no new render), for idle repeats and new players. */
  repaint: () => void;
  onResolution: (request: ResolutionRequest) => void;
  /**
   * True while a player is being connected. On a CPU renderer an idle-refinement sample blocks the page for hundreds
   * of milliseconds, and each step of the offer and ICE waits behind one: measured, a player joining during
   * refinement saw its first frame after 5.5 s instead of 0.4 s. The page holds refinement back meanwhile.
   */
  onNegotiating: (active: boolean) => void;
  log: (message: string) => void;
}

/**
 * A Pixel Streaming streamer in the engine's page: the canvas is a video track (a frame per render, not per clock
 * tick), offered to each player the signalling server announces, with the `datachannel` data channel.
 */
export class Streamer {
  private socket: WebSocket | null = null;
  private readonly peers = new Map<string, Peer>();
  private readonly stream: MediaStream;
  private readonly track: CanvasCaptureMediaStreamTrack;
  private peerConfig: RTCConfiguration = {};
  private stopped = false;
  private idleTimer: number | null = null;
  /** Players being connected, each with the timer that gives up on holding refinement back for it. */
  private readonly negotiating = new Map<string, number>();
  framesSent = 0;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly options: StreamerOptions,
  ) {
    this.stream = canvas.captureStream(0);
    const [track] = this.stream.getVideoTracks();
    if (!track) throw new Error('The canvas gave no video track');
    this.track = track as CanvasCaptureMediaStreamTrack;
    this.connect();
  }

  get playerCount(): number {
    return this.peers.size;
  }

  /** Sends the canvas's current picture to every player. */
  frame(): void {
    if (this.peers.size === 0) return;
    this.track.requestFrame();
    this.framesSent += 1;
    this.scheduleIdleRepeat();
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.peers.keys()]) this.closePeer(id);
    this.socket?.close(1000, 'Engine stopping');
    if (this.idleTimer !== null) window.clearTimeout(this.idleTimer);
  }

  /**
   * Every player leaves: their peer connections close here, and the signalling server is asked to disconnect
   * them, so nobody keeps watching an engine that is reset for its next user.
   */
  dropAll(reason: string): void {
    for (const playerId of [...this.peers.keys()]) {
      this.send({ type: 'disconnectPlayer', playerId, reason });
      this.closePeer(playerId);
    }
  }

  private scheduleIdleRepeat(): void {
    if (this.idleTimer !== null) window.clearTimeout(this.idleTimer);
    this.idleTimer = window.setTimeout(() => {
      this.idleTimer = null;
      if (this.peers.size > 0) {
        this.options.repaint();
        this.frame();
      }
    }, IDLE_REPEAT_MS);
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(String(event.data)) as Record<string, unknown>;
      } catch {
        return;
      }
      this.handle(message).catch((error: unknown) =>
        this.options.log(`signalling ${String(message.type)}: ${String(error)}`),
      );
    };
    socket.onclose = () => {
      for (const id of [...this.peers.keys()]) this.closePeer(id);
      if (!this.stopped) window.setTimeout(() => this.connect(), RECONNECT_MS);
    };
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async handle(message: Record<string, unknown>): Promise<void> {
    const playerId = typeof message.playerId === 'string' ? message.playerId : null;
    switch (message.type) {
      case 'identify':
        this.send({ type: 'endpointId', id: this.options.streamerId, protocolVersion: PROTOCOL_VERSION });
        return;
      case 'config':
        // The frontend hands the same object to RTCPeerConnection as is; so does the streamer.
        if (typeof message.peerConnectionOptions === 'object' && message.peerConnectionOptions !== null)
          this.peerConfig = message.peerConnectionOptions;
        return;
      case 'ping':
        this.send({ type: 'pong', time: message.time });
        return;
      case 'playerConnected':
        if (playerId) await this.offer(playerId);
        return;
      case 'playerDisconnected':
        if (playerId) this.closePeer(playerId);
        return;
      case 'answer': {
        const peer = playerId ? this.peers.get(playerId) : undefined;
        if (!peer || typeof message.sdp !== 'string') return;
        await peer.connection.setRemoteDescription({
          type: 'answer',
          sdp: withBitrateFloor(message.sdp, BITRATE_FLOOR),
        });
        for (const candidate of peer.pendingCandidates.splice(0)) await peer.connection.addIceCandidate(candidate);
        return;
      }
      case 'iceCandidate': {
        const peer = playerId ? this.peers.get(playerId) : undefined;
        const candidate = message.candidate as RTCIceCandidateInit | undefined;
        if (!peer || !candidate) return;
        if (peer.connection.remoteDescription) await peer.connection.addIceCandidate(candidate);
        else peer.pendingCandidates.push(candidate);
        return;
      }
      default:
        // layerPreference, endpointIdConfirm and anything newer: nothing to do for a single-layer canvas stream.
        return;
    }
  }

  private setNegotiating(playerId: string, active: boolean): void {
    const wasActive = this.negotiating.size > 0;
    const timer = this.negotiating.get(playerId);
    if (timer !== undefined) window.clearTimeout(timer);
    this.negotiating.delete(playerId);
    if (active)
      this.negotiating.set(
        playerId,
        window.setTimeout(() => this.setNegotiating(playerId, false), NEGOTIATION_TIMEOUT_MS),
      );
    const isActive = this.negotiating.size > 0;
    if (isActive !== wasActive) this.options.onNegotiating(isActive);
  }

  private async offer(playerId: string): Promise<void> {
    this.closePeer(playerId);
    this.setNegotiating(playerId, true);
    // With a TURN server, nothing but relayed candidates: the host's own interfaces are not used at all.
    const connection = new RTCPeerConnection(
      namesTurnServer(this.peerConfig) ? { ...this.peerConfig, iceTransportPolicy: 'relay' } : this.peerConfig,
    );
    const transceiver = connection.addTransceiver(this.track, {
      direction: 'sendonly',
      streams: [this.stream],
      sendEncodings: [{ maxBitrate: MAX_BITRATE, priority: 'high' }],
    });
    const channel = connection.createDataChannel('datachannel', { ordered: true });
    channel.binaryType = 'arraybuffer';
    channel.onmessage = (event) => {
      if (!(event.data instanceof ArrayBuffer)) return;
      const resolution = resolutionRequest(event.data);
      if (resolution) this.options.onResolution(resolution);
    };
    channel.onopen = () => {
      this.options.repaint();
      this.frame();
    };
    const peer: Peer = { connection, pendingCandidates: [], channel };
    this.peers.set(playerId, peer);
    connection.onicecandidate = (event) => {
      if (event.candidate && candidateAllowed(event.candidate.candidate, this.options.candidates))
        this.send({ type: 'iceCandidate', playerId, candidate: event.candidate.toJSON() });
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'connected') {
        this.setNegotiating(playerId, false);
        this.options.repaint();
        this.frame();
      }
      if (connection.connectionState === 'failed') this.closePeer(playerId);
    };
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    // After negotiation starts the sender has its parameters; keep resolution, drop frame rate if the link is slow.
    const parameters = transceiver.sender.getParameters();
    parameters.degradationPreference = 'maintain-resolution';
    await transceiver.sender.setParameters(parameters).catch(() => undefined);
    const sdp = connection.localDescription?.sdp ?? offer.sdp ?? '';
    this.send({ type: 'offer', playerId, sdp: offerForPlayers(sdp, this.options.candidates) });
  }

  private closePeer(playerId: string): void {
    const peer = this.peers.get(playerId);
    this.setNegotiating(playerId, false);
    if (!peer) return;
    this.peers.delete(playerId);
    peer.channel.close();
    peer.connection.close();
  }
}
