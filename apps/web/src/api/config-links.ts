import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  API_ROUTES,
  configLinkSchema,
  publicConfigViewSchema,
  type ConfigLink,
  type PublicConfigView,
} from '@autostudio/protocol';
import { serverCall } from './server-call';

/**
 * Read-only share links of a configuration (issue 33 item 4): the owner's list, creating and revoking them, and the
 * public view a link opens without sign-in.
 */

export const configLinkKeys = {
  all: ['config-links'] as const,
  of: (configId: string) => [...configLinkKeys.all, configId] as const,
  view: (token: string) => [...configLinkKeys.all, 'view', token] as const,
};

/** The live links of a configuration, newest first. */
export const configLinksQuery = (configId: string) =>
  queryOptions({
    queryKey: configLinkKeys.of(configId),
    queryFn: ({ signal }) =>
      serverCall('get', API_ROUTES.configs.links, {
        params: { id: configId },
        schema: z.array(configLinkSchema),
        signal,
      }),
  });

export const useConfigLinks = (configId: string) => useQuery(configLinksQuery(configId));

/** Creates a link that lasts `expiresInDays` (null: until revoked). */
export function useCreateConfigLink(configId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number | null): Promise<ConfigLink> =>
      serverCall('post', API_ROUTES.configs.links, {
        params: { id: configId },
        body: { expiresInDays },
        schema: configLinkSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: configLinkKeys.of(configId) }),
  });
}

/** Revokes a link: whoever opens it from now on finds nothing. */
export function useRevokeConfigLink(configId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => serverCall('delete', API_ROUTES.configs.link, { params: { id: configId, linkId } }),
    onSettled: () => client.invalidateQueries({ queryKey: configLinkKeys.of(configId) }),
  });
}

/** What a link shows: the configuration's name, car, options and still. No sign-in; a dead link is a 404. */
export const publicViewQuery = (token: string) =>
  queryOptions({
    queryKey: configLinkKeys.view(token),
    queryFn: ({ signal }): Promise<PublicConfigView> =>
      serverCall('get', API_ROUTES.publicLinks.view, { params: { token }, schema: publicConfigViewSchema, signal }),
    retry: false,
  });
