import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { candidateAllowed, offerForPlayers } from '../contract/ice-candidates.js';
import { initialSceneState } from '../scene/initial-state.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * What a player learns of the engine's addresses: every ICE candidate the engine's page sends through signalling,
 * in its offer and trickled after it. This host has a non-loopback interface (as every engine host does), whose
 * address Chromium gathers and, before, sent to players.
 */
const SIZE = { width: 64, height: 36 };

/** A signalling server with one player, recording the candidates the streamer tells it. */
async function recordCandidates(candidateAddresses?: readonly string[]): Promise<string[]> {
  const signalling = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => signalling.once('listening', resolve));
  const candidates: string[] = [];
  let offered = false;
  signalling.on('connection', (socket: WebSocket) => {
    const send = (message: object) => socket.send(JSON.stringify(message));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; sdp?: string; candidate?: { candidate: string } };
      if (message.type === 'endpointId') {
        send({ type: 'config', peerConnectionOptions: {} });
        send({ type: 'playerConnected', playerId: 'player-1', dataChannel: true, sfu: false });
      }
      if (message.type === 'offer' && message.sdp) {
        offered = true;
        candidates.push(...message.sdp.split(/\r\n/).filter((line) => line.startsWith('a=candidate:')));
        candidates.push(...message.sdp.split(/\r\n/).filter((line) => /^c=IN /.test(line)));
      }
      if (message.type === 'iceCandidate' && message.candidate) candidates.push(message.candidate.candidate);
    });
    send({ type: 'identify' });
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ice-candidates-'));
  const port = (signalling.address() as AddressInfo).port;
  const renderer = new ChromiumRenderer({
    ...SIZE,
    dataDir,
    idleRefinement: false,
    streaming: {
      url: `ws://127.0.0.1:${port}/?key=test`,
      streamerId: 'engine-test',
      ...(candidateAddresses ? { candidateAddresses } : {}),
    },
  });
  try {
    await renderer.start(initialSceneState(SIZE));
    // Gathering on every interface ends within a second or two here; the loopback candidate is among the last.
    await vi.waitFor(
      () => {
        if (!offered || !candidates.some((c) => / 127\.0\.0\.1 /.test(c))) throw new Error('still gathering');
      },
      { timeout: 20_000, interval: 100 },
    );
    // Candidates of other interfaces arrive with the loopback one: a moment more shows whether any came later.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return candidates;
  } finally {
    await renderer.close();
    await new Promise((resolve) => signalling.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The address of an ICE candidate line, or of an SDP connection line. */
const addressOf = (line: string) => (line.startsWith('c=') ? line.split(' ')[2] : line.split(' ')[4]);

const interfaceAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((info) => info && !info.internal && info.family === 'IPv4')?.address;

afterEach(() => vi.useRealTimers());

describe('the candidates a player is told', () => {
  it('are loopback only by default', { timeout: 60_000 }, async () => {
    const candidates = await recordCandidates();
    const addresses = new Set(candidates.map(addressOf));
    expect(addresses.has('127.0.0.1')).toBe(true);
    expect([...addresses].filter((a) => a !== '127.0.0.1' && a !== '::1' && a !== '0.0.0.0')).toEqual([]);
  });

  it.runIf(interfaceAddress)('include a configured address of the host', { timeout: 60_000 }, async () => {
    const candidates = await recordCandidates([interfaceAddress ?? '']);
    const addresses = new Set(candidates.filter((c) => c.includes('candidate:')).map(addressOf));
    expect(addresses.has(interfaceAddress)).toBe(true);
    expect([...addresses].filter((a) => a !== interfaceAddress && a !== '127.0.0.1' && a !== '::1')).toEqual([]);
  });
});

describe('the candidate policy', () => {
  const policy = { addresses: ['203.0.113.7'] };
  it('lets through loopback, the configured address (host or reflexive) and relayed candidates only', () => {
    const line = (address: string, type: string) =>
      `candidate:1 1 udp 2122260223 ${address} 50000 typ ${type} generation 0`;
    expect(candidateAllowed(line('127.0.0.1', 'host'), policy)).toBe(true);
    expect(candidateAllowed(line('::1', 'host'), policy)).toBe(true);
    expect(candidateAllowed(line('203.0.113.7', 'srflx'), policy)).toBe(true);
    expect(candidateAllowed(line('198.51.100.9', 'relay'), policy)).toBe(true);
    expect(candidateAllowed(line('10.1.2.3', 'host'), policy)).toBe(false);
    expect(candidateAllowed(line('fd00::2', 'host'), policy)).toBe(false);
    expect(candidateAllowed(line('3b1c2a.local', 'host'), policy)).toBe(false);
    expect(candidateAllowed('not a candidate', policy)).toBe(false);
  });

  it('takes internal addresses out of an offer, its connection lines included', () => {
    const sdp = [
      'v=0',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'c=IN IP4 10.1.2.3',
      'a=rtcp:9 IN IP4 10.1.2.3',
      'a=candidate:1 1 udp 2122260223 10.1.2.3 50000 typ host generation 0',
      'a=candidate:2 1 udp 2122260223 127.0.0.1 50001 typ host generation 0',
      '',
    ].join('\r\n');
    const shown = offerForPlayers(sdp, { addresses: [] });
    expect(shown).not.toContain('10.1.2.3');
    expect(shown).toContain('c=IN IP4 0.0.0.0');
    expect(shown).toContain('127.0.0.1 50001 typ host');
  });
});
