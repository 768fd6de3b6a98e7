import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The body of an update (PUT) made from the body of a create: every field optional and no field's default. A
 * create's defaults fill what a new item leaves out; an update that kept them (zod's `.partial()` does) would write
 * them over what the caller did not name, blanking a description when only the name was sent. Left out means kept;
 * a field sent empty is still cleared.
 */
export function updateFieldsOf<Shape extends z.ZodRawShape>(
  create: z.ZodObject<Shape>,
): z.ZodObject<{ [Key in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[Key]>> }> {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, field]) => [
      key,
      z.optional(field instanceof z.ZodDefault ? field.unwrap() : field),
    ]),
  );
  // The mapped type above is what this shape is, key by key; Object.fromEntries cannot say so itself.
  return z.object(shape) as unknown as z.ZodObject<{ [Key in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[Key]>> }>;
}
