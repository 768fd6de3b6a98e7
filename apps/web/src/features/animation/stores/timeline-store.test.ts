import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  FAILURE_TOASTS,
  POLLING,
  SUCCESS_TOASTS,
  type Preset,
  type SequenceKeyframe,
} from '@autostudio/protocol';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { useTimelineStore } from './timeline-store';

/**
 * An engine that keeps sequences as the reference engine does: created with a path, played by the test's clock
 * (`advance`), reporting Playing and Time. `createAnswer` replaces CreateSequence's path (a failed one).
 */
function sequenceEngine(createAnswer?: string) {
  const sent: { name: string; params: Record<string, unknown> }[] = [];
  const sequences = new Map<string, SequenceKeyframe[]>();
  let current: string | null = null;
  let position = 0;
  let playing = false;
  const end = () => (current ? (sequences.get(current)?.at(-1)?.time ?? 0) : 0);
  const client: RemoteTransport = {
    call: <T>(_url: string, body?: unknown) => {
      const { functionName: name = '', parameters = {} } = body as {
        functionName?: string;
        parameters?: Record<string, unknown>;
      };
      sent.push({ name, params: parameters });
      const answer = (value: unknown) => Promise.resolve(value as T);
      switch (name) {
        case 'CreateSequence': {
          const path = createAnswer ?? `/Game/Sequences/S${sequences.size + 1}`;
          sequences.set(path, parameters.Keyframes as SequenceKeyframe[]);
          return answer({ SequencePath: path });
        }
        case 'UpdateSequence':
          sequences.set(parameters.SequencePath as string, parameters.Keyframes as SequenceKeyframe[]);
          return answer({});
        case 'GotoSequenceFrameWithPath':
          current = parameters.SequencePath as string;
          position = (parameters.Frame as number) / 24;
          return answer({});
        case 'PlaySequence':
          if (position >= end()) position = 0;
          playing = true;
          return answer({});
        case 'PlayPauseSequence':
          playing = !playing;
          return answer({});
        case 'StopSequence':
          playing = false;
          position = 0;
          return answer({});
        case 'GetAnimationPlayingStatus':
          return answer({ Playing: playing, Time: position });
        default:
          return answer({});
      }
    },
  };
  return {
    sent,
    sequences,
    names: () => sent.map((s) => s.name).filter((n) => n !== 'GetAnimationPlayingStatus'),
    /** The engine plays on by `seconds`, stopping at the end. */
    advance: (seconds: number) => {
      if (!playing) return;
      position = Math.min(end(), position + seconds);
      if (position >= end()) playing = false;
    },
    api: new RemoteApi(client),
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const preset = (changes: Partial<Preset> = {}): Preset => ({
  id: 'p1',
  name: 'Orbit',
  type: 'animation',
  category: 'default',
  settings: '{}',
  isDefault: false,
  groupId: null,
  ownerId: 'u1',
  sharedUsers: [],
  sharedGroups: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...changes,
});

/** The presets API at the fetch boundary: create answers p1, update answers the preset; `fail` answers 500. */
function presetService(fail = false) {
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const path = new URL(input as string).pathname.slice(API_BASE.length);
      const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;
      calls.push({ method: init?.method ?? 'GET', path, body });
      if (fail) return json({ message: 'database unavailable' }, 500);
      return json(preset({ name: body.name as string, settings: body.settings as string }), 201);
    }),
  );
  return calls;
}

const timeline = () => useTimelineStore.getState();
const CRANE = [
  { yaw: 150, pitch: 10, distance: 500 },
  { yaw: -170, pitch: 15, distance: 450 },
  { yaw: -100, pitch: 20, distance: 400 },
];

let engine: ReturnType<typeof sequenceEngine>;
function attach(createAnswer?: string) {
  engine = sequenceEngine(createAnswer);
  timeline().followEngine(engine.api);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
  attach();
  timeline().reset();
});
afterEach(() => {
  timeline().reset();
  timeline().followEngine(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the timeline (spec §4 Animation, Timeline and Sequence saving)', () => {
  it('builds frames from crane positions a second apart, unwrapping yaw across 180°, and marks itself dirty', () => {
    for (const crane of CRANE) timeline().addFrame(crane);
    expect(timeline().frames.map((f) => f.params)).toEqual([
      { time: 0, yaw: 150, pitch: 10, distance: 500 },
      { time: 1, yaw: 190, pitch: 15, distance: 450 },
      { time: 2, yaw: 260, pitch: 20, distance: 400 },
    ]);
    expect(timeline()).toMatchObject({ fps: 24, isDirty: true });
  });

  it('saves: creates the sequence and the preset, then updates only when dirty', async () => {
    const calls = presetService();
    for (const crane of CRANE) timeline().addFrame(crane);
    await expect(timeline().save()).resolves.toBe(SUCCESS_TOASTS.animationSaved);
    expect(engine.names()).toEqual(['CreateSequence']);
    expect(timeline()).toMatchObject({ sequencePath: '/Game/Sequences/S1', presetId: 'p1', isDirty: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: API_ROUTES.presets.create, body: { type: 'animation' } });
    const settings = JSON.parse(calls[0]?.body.settings as string) as { fps: number; frames: { params: unknown }[] };
    expect(settings.fps).toBe(24);
    expect(settings.frames.map((f) => f.params)).toEqual(timeline().frames.map((f) => f.params));

    // Nothing changed: nothing is sent.
    await expect(timeline().save()).resolves.toBe(SUCCESS_TOASTS.animationUpdated);
    expect(calls).toHaveLength(1);
    expect(engine.names()).toEqual(['CreateSequence']);

    timeline().setFrameTime(timeline().frames[2]?.id ?? '', 4);
    expect(timeline().isDirty).toBe(true);
    await expect(timeline().save()).resolves.toBe(SUCCESS_TOASTS.animationUpdated);
    expect(engine.names()).toEqual(['CreateSequence', 'UpdateSequence']);
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/preset/p1' });
    expect(timeline().isDirty).toBe(false);
  });

  it('saves the sequence’s category (spec §3), and a loaded animation shows its own, the hidden default as none', async () => {
    const calls = presetService();
    timeline().addFrame(CRANE[0] ?? { yaw: 0, pitch: 0, distance: 500 });
    timeline().setCategory('Showroom');
    await timeline().save();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { type: 'animation', category: 'Showroom' } });
    timeline().setCategory('');
    await timeline().save();
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { category: 'default' } });

    const settings = JSON.stringify({ fps: 24, frames: [{ id: 'f1', preview: '', params: { time: 0, yaw: 0 } }] });
    timeline().load(preset({ settings, category: 'Reveal' }), true);
    expect(timeline()).toMatchObject({ category: 'Reveal', isDirty: false });
    timeline().load(preset({ settings, category: 'default' }), true);
    expect(timeline().category).toBe('');
  });

  it('a sequence path containing "failed" is a failure, and nothing is saved', async () => {
    attach('/Game/CreateSequence_failed');
    const calls = presetService();
    timeline().addFrame(CRANE[0] ?? { yaw: 0, pitch: 0, distance: 500 });
    await expect(timeline().save()).rejects.toThrow(FAILURE_TOASTS.saveSequence);
    expect(calls).toHaveLength(0);
    expect(timeline()).toMatchObject({ sequencePath: null, presetId: null, isDirty: true, isSaving: false });
  });

  it('a refused preset save rejects with the spec’s text and stays dirty', async () => {
    presetService(true);
    timeline().addFrame(CRANE[0] ?? { yaw: 0, pitch: 0, distance: 500 });
    await expect(timeline().save()).rejects.toThrow(FAILURE_TOASTS.saveSequence);
    expect(timeline().isDirty).toBe(true);
  });

  it('plays from the current frame, follows engine time every 100 ms in frames, and ends when the engine stops', async () => {
    for (const crane of CRANE) timeline().addFrame(crane);
    await timeline().togglePlay();
    expect(timeline().isPlaying).toBe(true);
    expect(engine.names()).toEqual(['CreateSequence', 'GotoSequenceFrameWithPath', 'PlaySequence']);

    engine.advance(0.5);
    await vi.advanceTimersByTimeAsync(POLLING.sequencePlaybackMs);
    expect(timeline().currentFrame).toBe(12);
    // Seeking while playing is refused: the frame is stored, the engine is not told.
    await expect(timeline().seek(5)).resolves.toBe(false);
    expect(engine.names().filter((n) => n === 'GotoSequenceFrameWithPath')).toHaveLength(1);

    engine.advance(1);
    await vi.advanceTimersByTimeAsync(POLLING.sequencePlaybackMs);
    expect(timeline().currentFrame).toBe(36);
    await timeline().pause();
    expect(timeline().isPlaying).toBe(false);
    engine.advance(5);
    await vi.advanceTimersByTimeAsync(POLLING.sequencePlaybackMs * 3);
    expect(timeline().currentFrame).toBe(36);

    await timeline().togglePlay();
    engine.advance(5);
    await vi.advanceTimersByTimeAsync(POLLING.sequencePlaybackMs);
    expect(timeline()).toMatchObject({ isPlaying: false, currentFrame: 48 });
  });

  it('stop goes back to frame 0; go to end is the latest time × fps; a changed timeline updates the engine first', async () => {
    for (const crane of CRANE) timeline().addFrame(crane);
    await timeline().goToEnd();
    expect(timeline().currentFrame).toBe(48);
    expect(engine.sent.at(-1)).toMatchObject({ name: 'GotoSequenceFrameWithPath', params: { Frame: 48 } });
    await timeline().stop();
    expect(timeline().currentFrame).toBe(0);
    expect(engine.names().at(-1)).toBe('StopSequence');

    timeline().removeFrame(timeline().frames[2]?.id ?? '');
    await timeline().seek(10);
    expect(engine.names().slice(-2)).toEqual(['UpdateSequence', 'GotoSequenceFrameWithPath']);
    expect(engine.sequences.get('/Game/Sequences/S1')).toHaveLength(2);
  });

  it('a new engine (a new session) has none of the old one’s sequence: playing stops there, and plays create it anew', async () => {
    for (const crane of CRANE) timeline().addFrame(crane);
    await timeline().togglePlay();
    const old = engine;
    attach();
    expect(timeline()).toMatchObject({ isPlaying: false, sequencePath: null });
    // The old engine is asked nothing more.
    const polls = old.sent.length;
    await vi.advanceTimersByTimeAsync(POLLING.sequencePlaybackMs * 3);
    expect(old.sent).toHaveLength(polls);

    await timeline().togglePlay();
    expect(engine.names()).toEqual(['CreateSequence', 'GotoSequenceFrameWithPath', 'PlaySequence']);
    expect(timeline()).toMatchObject({ isPlaying: true, sequencePath: '/Game/Sequences/S1' });
  });

  it('loads a saved animation: opened, clean, its previews mapped; someone else’s is saved as a new one', () => {
    const settings = JSON.stringify({
      fps: 24,
      frames: [
        { id: 'f1', preview: 'u1', params: { time: 0, yaw: 170 } },
        { id: 'f2', preview: 'u2', params: { time: 1, yaw: -170 } },
      ],
    });
    const saved = preset({
      settings,
      groupId: 'g1',
      previewImageMapping: { u1: '/media/u1.jpg', u2: '/media/u2.jpg' },
    });
    expect(timeline().load(saved, true)).toBe(true);
    expect(timeline()).toMatchObject({
      isOpen: true,
      name: 'Orbit',
      presetId: 'p1',
      groupId: 'g1',
      isDirty: false,
      currentFrame: 0,
      previewImageMapping: { u1: '/media/u1.jpg' },
    });
    expect(timeline().frames.map((f) => f.params.yaw)).toEqual([170, 190]);

    expect(timeline().load(saved, false)).toBe(true);
    expect(timeline()).toMatchObject({ presetId: null, groupId: null, isDirty: true });
    expect(timeline().load(preset({ settings: '{"Gain":1}' }), true)).toBe(false);
  });
});
