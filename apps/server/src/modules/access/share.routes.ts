import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, shareWithGroupsSchema, shareWithUsersSchema, type User } from '@autostudio/protocol';
import type { z } from 'zod';
import { currentUser } from '../../plugins/app/authentication.js';
import type { Principal } from './shares.repository.js';
import { errorResponses } from '../../http/errors.js';

export interface ShareRoutesOptions<T> {
  tags: string[];
  paths: { shareUser: string; shareGroup: string };
  /** What the routes answer with: the item as it is after the change. */
  response: z.ZodType<T>;
  guard: preHandlerAsyncHookHandler;
  share: (user: User, id: string, principal: Principal, ids: string[], remove: boolean) => Promise<T>;
}

/** PUT …/share/user {userIds, remove} and PUT …/share/group {groupIds, remove}, the same for every kind of item. */
export function registerShareRoutes<T>(app: FastifyInstance, options: ShareRoutesOptions<T>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404);
  typed.put(
    options.paths.shareUser,
    {
      schema: {
        tags: options.tags,
        summary: 'Share with users, or revoke',
        params: idParamsSchema,
        body: shareWithUsersSchema,
        response: { 200: options.response, ...errors },
      },
      preHandler: options.guard,
    },
    (request) =>
      options.share(currentUser(request), request.params.id, 'user', request.body.userIds, request.body.remove),
  );
  typed.put(
    options.paths.shareGroup,
    {
      schema: {
        tags: options.tags,
        summary: 'Share with groups, or revoke',
        params: idParamsSchema,
        body: shareWithGroupsSchema,
        response: { 200: options.response, ...errors },
      },
      preHandler: options.guard,
    },
    (request) =>
      options.share(currentUser(request), request.params.id, 'group', request.body.groupIds, request.body.remove),
  );
}
