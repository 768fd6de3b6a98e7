import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from '@autostudio/protocol';

/**
 * A text field as the server takes a name or a label (trimmed, at most `maxLength`, no control characters), said
 * in the form before the round trip. With `required`, an empty one is refused with that message.
 */
export function plainTextField(label: string, maxLength: number, required?: string) {
  const trimmed = z.string().trim();
  return (required ? trimmed.min(1, required) : trimmed)
    .max(maxLength, `At most ${maxLength} characters`)
    .regex(NO_CONTROL_CHARACTERS, `The ${label} ${CONTROL_CHARACTERS_MESSAGE}`);
}
