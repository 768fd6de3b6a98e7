import { CAMERA_LIMITS, TIMELINE_FPS, type EngineHandlersOf, type SEQUENCE_FUNCTIONS } from '@autostudio/protocol';
import { EngineError } from './engine-error.js';
import { clamp, type SceneCore } from './scene-core.js';

interface Sequence {
  keyframes: { time: number; yaw?: number; pitch?: number; distance?: number }[];
  /** Seconds into the sequence. */
  position: number;
}

/** Level sequences: keyframed camera moves, played at 24 fps with the current view's rig following them. */
export class Sequences {
  private readonly sequences = new Map<string, Sequence>();
  private current: string | null = null;
  private playing = false;
  private playTimer: NodeJS.Timeout | null = null;

  constructor(private readonly scene: SceneCore) {}

  readonly handlers: EngineHandlersOf<typeof SEQUENCE_FUNCTIONS> = {
    CreateSequence: ({ Name, Keyframes }) => {
      const base = (Name ?? `Sequence${this.sequences.size + 1}`).replace(/[^A-Za-z0-9_]/g, '_');
      let name = base;
      for (let n = 2; this.sequences.has(sequencePath(name)); n += 1) name = `${base}_${n}`;
      const path = sequencePath(name);
      this.sequences.set(path, { keyframes: sortKeyframes(Keyframes), position: 0 });
      return { SequencePath: path };
    },
    UpdateSequence: ({ SequencePath, Keyframes }) => {
      this.sequence(SequencePath).keyframes = sortKeyframes(Keyframes);
    },
    PlaySequenceWithPath: ({ SequencePath }) => {
      const sequence = this.sequence(SequencePath);
      this.current = this.pathOf(SequencePath);
      sequence.position = 0;
      this.start();
    },
    PlaySequence: () => {
      this.requireCurrent();
      this.start();
    },
    PlayPauseSequence: () => {
      this.requireCurrent();
      if (this.playing) this.stop();
      else this.start();
    },
    StopSequence: () => {
      const sequence = this.requireCurrent();
      this.stop();
      sequence.position = 0;
    },
    GotoSequenceFrameWithPath: ({ SequencePath, Frame }) => {
      const sequence = this.sequence(SequencePath);
      this.current = this.pathOf(SequencePath);
      sequence.position = Frame / TIMELINE_FPS;
      this.poseAt(sequence);
    },
    GetAnimationPlayingStatus: () => {
      const current = this.current ? this.sequences.get(this.current) : undefined;
      return current ? { Playing: this.playing, Time: current.position } : { Playing: this.playing };
    },
  };

  /** Stops playback and forgets every sequence. */
  reset(): void {
    this.stop();
    this.sequences.clear();
    this.current = null;
  }

  stop(): void {
    if (this.playTimer) clearInterval(this.playTimer);
    this.playTimer = null;
    this.playing = false;
  }

  /** Sequence paths resolve in either case, as Unreal's object paths do. */
  private pathOf(given: string): string {
    const wanted = given.toLowerCase();
    const found = [...this.sequences.keys()].find((p) => p.toLowerCase() === wanted);
    if (!found) throw new EngineError(`No sequence at ${given}`);
    return found;
  }

  private sequence(given: string): Sequence {
    return this.sequenceAt(this.pathOf(given));
  }

  private sequenceAt(path: string): Sequence {
    const sequence = this.sequences.get(path);
    if (!sequence) throw new EngineError(`No sequence at ${path}`);
    return sequence;
  }

  private requireCurrent(): Sequence {
    if (!this.current) throw new EngineError('No sequence selected: call PlaySequenceWithPath first');
    return this.sequenceAt(this.current);
  }

  /** Plays at 24 fps: the crane follows the keyframes and the flag drops at the end. */
  private start(): void {
    const sequence = this.requireCurrent();
    this.stop();
    const duration = sequence.keyframes.at(-1)?.time ?? 0;
    if (sequence.position >= duration) sequence.position = 0;
    this.playing = true;
    let last = Date.now();
    this.playTimer = setInterval(() => {
      const now = Date.now();
      sequence.position = Math.min(duration, sequence.position + (now - last) / 1000);
      last = now;
      this.poseAt(sequence);
      void this.scene.renderer.apply(this.scene.state).catch(() => undefined);
      if (sequence.position >= duration) this.stop();
    }, 1000 / TIMELINE_FPS);
    this.playTimer.unref();
  }

  /** Puts the crane where the sequence is, interpolating between keyframes. */
  private poseAt(sequence: Sequence): void {
    const frames = sequence.keyframes;
    if (frames.length === 0) return;
    const t = sequence.position;
    const after = frames.findIndex((k) => k.time >= t);
    const b = frames[after === -1 ? frames.length - 1 : after];
    if (!b) return;
    const a = (after > 0 ? frames[after - 1] : undefined) ?? b;
    const f = b.time === a.time ? 1 : (t - a.time) / (b.time - a.time);
    const mix = (x: number | undefined, y: number | undefined, current: number) =>
      x === undefined || y === undefined ? (y ?? x ?? current) : x + (y - x) * f;
    const { camera } = this.scene.state;
    // A sequence moves the rig of the view it plays in, as production renders of a shot do: from inside the car
    // the rail turns (yaw and pitch; it has no distance).
    if (camera.spot === 'Interior') {
      camera.rail.yaw = mix(a.yaw, b.yaw, camera.rail.yaw);
      camera.rail.pitch = clamp(mix(a.pitch, b.pitch, camera.rail.pitch), CAMERA_LIMITS.interiorPitch);
      return;
    }
    const crane = camera.crane;
    crane.yaw = mix(a.yaw, b.yaw, crane.yaw);
    crane.pitch = clamp(mix(a.pitch, b.pitch, crane.pitch), CAMERA_LIMITS.cranePitch);
    crane.distance = clamp(mix(a.distance, b.distance, crane.distance), CAMERA_LIMITS.craneDistance);
  }
}

const sequencePath = (name: string) => `/Game/Autostudio/Sequences/${name}.${name}`;

const sortKeyframes = (keyframes: Sequence['keyframes']) => [...keyframes].sort((a, b) => a.time - b.time);
