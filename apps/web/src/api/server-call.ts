import { pathTo } from '@autostudio/protocol';
import type { z } from 'zod/mini';
import { apiRequest, type RequestOptions } from '@/lib/api-client';
import { listPath } from '@/lib/list-query';
import type { paths } from './openapi';

/**
 * Calls the server with the types of its OpenAPI document (`apps/server/openapi.json`, turned into `./openapi.d.ts`
 * by `npm run generate`): a route the server does not mount, a method it does not take there, a missing path
 * parameter, a query or JSON body it would refuse, or an answer schema that does not fit what it answers each fail
 * the typecheck. The call itself is `apiRequest`'s (the token, the 401 refresh, the spec's error texts), and the
 * answer is still parsed by the protocol's zod schema at run time.
 */

type Method = 'get' | 'post' | 'put' | 'delete';

/** The document's `/config/{id}` as `API_ROUTES` writes it: `/config/:id`. */
type RouteOf<P extends string> = P extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}:${Name}${RouteOf<Tail>}`
  : P;
/** `API_ROUTES`' `/config/:id` as the document writes it. */
type DocumentPath<R extends string> = R extends `${infer Head}:${infer Name}/${infer Tail}`
  ? `${Head}{${Name}}/${DocumentPath<Tail>}`
  : R extends `${infer Head}:${infer Name}`
    ? `${Head}{${Name}}`
    : R;

/** Every route the server mounts, in `API_ROUTES`' form. */
export type ServerRoute = RouteOf<Extract<keyof paths, string>>;

type OperationOf<R extends ServerRoute, M extends Method> =
  DocumentPath<R> extends keyof paths ? NonNullable<paths[DocumentPath<R>][M]> : never;

/** The methods the server takes on a route. */
export type MethodOf<R extends ServerRoute> = {
  [M in Method]: [OperationOf<R, M>] extends [never] ? never : M;
}[Method];

type ParametersOf<O> = O extends { parameters: infer P } ? P : never;
type PathParamsOf<O> = ParametersOf<O> extends { path: infer P } ? P : never;
type QueryOf<O> = ParametersOf<O> extends { query?: infer Q } ? Q : never;
/** The JSON body a call takes; a route the document gives no body (the multipart ones, for now) takes form data. */
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : FormData | undefined;

type SuccessStatus = 200 | 201 | 202 | 206;
/** What a call answers with on success; undefined for a 204. */
export type AnswerOf<O> = O extends { responses: infer Responses }
  ? {
      [S in keyof Responses]: S extends SuccessStatus
        ? Responses[S] extends { content: { 'application/json': infer A } }
          ? A
          : never
        : S extends 204
          ? undefined
          : never;
    }[keyof Responses]
  : never;

type Absent<T> = [T] extends [never] ? true : [T] extends [undefined] ? true : false;

/** How a call is sent, beside what it sends: apiRequest's options of the same names. */
export type Delivery = Pick<
  RequestOptions<unknown>,
  'signal' | 'keepalive' | 'handleUnauthorized' | 'okStatuses' | 'token'
>;

export type CallOptions<O, T> = Delivery &
  (Absent<PathParamsOf<O>> extends true ? { params?: never } : { params: PathParamsOf<O> }) &
  (Absent<QueryOf<O>> extends true ? { query?: never } : { query?: QueryOf<O> }) &
  (undefined extends BodyOf<O> ? { body?: BodyOf<O> } : { body: BodyOf<O> }) &
  // A call whose answer has a body must name the protocol's schema for it, and the schema must produce what the
  // server says it answers with; a 204 has nothing to parse.
  (AnswerOf<O> extends undefined ? { schema?: never } : { schema: z.core.$ZodType<T & AnswerOf<O>> });

/** One call to the server: `serverCall('put', API_ROUTES.configs.update, { params: { id }, body, schema })`. */
export function serverCall<R extends ServerRoute, M extends MethodOf<R>, T = AnswerOf<OperationOf<R, M>>>(
  method: M,
  route: R,
  options: CallOptions<OperationOf<R, M>, T>,
): Promise<T> {
  const { params, query, body, schema, ...delivery } = options as Delivery & {
    params?: Record<string, string>;
    query?: Record<string, string | number | null | undefined>;
    body?: unknown;
    schema?: z.core.$ZodType<T>;
  };
  const filled = params ? pathTo(route, params) : route;
  return apiRequest<T>(query ? listPath(filled, query) : filled, {
    method: method.toUpperCase() as Uppercase<Method>,
    ...(body !== undefined ? { body } : {}),
    ...(schema ? { schema } : {}),
    ...delivery,
  });
}
