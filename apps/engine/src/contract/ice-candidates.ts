import type { CandidatePolicy } from './render-contract.js';

/**
 * Which of the engine's ICE candidates players are told about. Chromium gathers a candidate on every interface of the
 * engine's host; sent to players as they are, they told every viewer the studio's internal addresses. A player hears
 * only candidates on loopback (a player on the same host, the default), on the addresses an operator listed (the
 * host's public address, `--webrtc-address`), and relayed ones (TURN, when the signalling's configuration names a TURN
 * server). docs/deploy.md says how to choose. Shared by the page's streamer and the engine's tests.
 */

/** `candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …` (RFC 8839). */
function parse(candidate: string): { address: string; type: string } | null {
  const fields = candidate.replace(/^a=/, '').trim().split(/\s+/);
  const address = fields[4];
  const type = fields[7];
  if (!fields[0]?.startsWith('candidate:') || fields[6] !== 'typ' || !address || !type) return null;
  return { address: address.replace(/^\[|\]$/g, '').toLowerCase(), type };
}

function isLoopback(address: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1';
}

function addressAllowed(address: string, policy: CandidatePolicy): boolean {
  return isLoopback(address) || policy.addresses.some((allowed) => allowed.toLowerCase() === address);
}

/** Whether a player may be told this candidate (the `candidate` string of an RTCIceCandidate, or an SDP line). */
export function candidateAllowed(candidate: string, policy: CandidatePolicy): boolean {
  const parsed = parse(candidate);
  if (!parsed) return false;
  // A relayed candidate names the TURN server, which is there to be reached.
  if (parsed.type === 'relay') return true;
  return addressAllowed(parsed.address, policy);
}

/**
 * The offer as players may see it: candidates already gathered when it was made are in it too, and its connection
 * lines name the default candidate's address; those not allowed become the placeholder 0.0.0.0.
 */
export function offerForPlayers(sdp: string, policy: CandidatePolicy): string {
  const lines = sdp.split(/\r\n/);
  const kept = lines
    .filter((line) => !line.startsWith('a=candidate:') || candidateAllowed(line, policy))
    .map((line) => {
      const connection = /^(c=IN IP[46] |a=rtcp:\d+ IN IP[46] )(\S+)$/.exec(line);
      if (!connection?.[1] || !connection[2] || addressAllowed(connection[2].toLowerCase(), policy)) return line;
      return `${connection[1].replace('IP6', 'IP4')}0.0.0.0`;
    });
  return kept.join('\r\n');
}

/** Whether the signalling's configuration names a TURN server: then only relayed candidates are gathered at all. */
export function namesTurnServer(config: { iceServers?: { urls: string | string[] }[] }): boolean {
  return (config.iceServers ?? []).some((server) =>
    (Array.isArray(server.urls) ? server.urls : [server.urls]).some((url) => /^turns?:/i.test(url)),
  );
}
