import { z } from 'zod';
import { defineFunctions } from './define.js';

/** One keyframe of a sequence: its time in seconds (played at 24 fps) plus crane values (spec §3 "Frame"). */
export const sequenceKeyframeSchema = z.object({
  time: z.number().min(0),
  yaw: z.number().optional(),
  pitch: z.number().optional(),
  distance: z.number().optional(),
});
export type SequenceKeyframe = z.infer<typeof sequenceKeyframeSchema>;

const sequencePath = z.object({ SequencePath: z.string() });

export const SEQUENCE_FUNCTIONS = defineFunctions({
  CreateSequence: {
    object: 'car',
    description: 'Creates a level sequence from keyframes; answers its path.',
    parameters: z.object({ Name: z.string().optional(), Keyframes: z.array(sequenceKeyframeSchema) }),
    returns: sequencePath,
  },
  UpdateSequence: {
    object: 'car',
    description: 'Replaces the keyframes of a sequence.',
    parameters: sequencePath.extend({ Keyframes: z.array(sequenceKeyframeSchema) }),
  },
  PlaySequenceWithPath: { object: 'car', description: 'Plays a sequence from its start.', parameters: sequencePath },
  PlaySequence: { object: 'car', description: 'Plays the current sequence from where it is.' },
  PlayPauseSequence: { object: 'car', description: 'Toggles play and pause of the current sequence.' },
  StopSequence: { object: 'car', description: 'Stops and rewinds the current sequence.' },
  GotoSequenceFrameWithPath: {
    object: 'car',
    description: 'Puts the camera where the sequence is at a frame.',
    parameters: sequencePath.extend({ Frame: z.number().min(0) }),
  },
  GetAnimationPlayingStatus: {
    object: 'car',
    description:
      'Whether a sequence is playing, and Time: seconds into the current sequence (absent when none was played or shown).',
    returns: z.object({ Playing: z.boolean(), Time: z.number().min(0).optional() }),
  },
});
