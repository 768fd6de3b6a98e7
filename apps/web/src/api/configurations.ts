import { queryOptions } from '@tanstack/react-query';
import {
  API_ROUTES,
  configSchema,
  FAILURE_TOASTS,
  listResultSchema,
  type Config,
  type ListResult,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import type { ListParamsControls } from '@/lib/list/use-list-params';
import { useListQuery, type ListQueryResult } from '@/lib/list/use-list-query';
import { useInvalidate, useResourceChange } from './resource-change';
import { serverCall } from './server-call';

/**
 * Saved configurations (spec §6–§7), for the studio's browser and save dialog and the admin console alike: the
 * calls, their cache keys, and the hooks that read and change them. A rename, a delete, a share and a save each
 * invalidate every configuration in the cache (the share dialog through useInvalidateConfigurations), so the studio
 * and the console do not show a stale one.
 */

export const configurationKeys = {
  all: ['configurations'] as const,
  lists: () => [...configurationKeys.all, 'list'] as const,
  byId: (id: string) => [...configurationKeys.all, 'id', id] as const,
  picker: (search: string) => [...configurationKeys.all, 'picker', search] as const,
};

/** One configuration by id (the compare view's columns). */
export const configurationQuery = (id: string) =>
  queryOptions({ queryKey: configurationKeys.byId(id), queryFn: () => fetchConfiguration(id), retry: false });

/** The first configurations whose name matches, for a picker: the user's own and those shared with them. */
export const configurationPickerQuery = (search: string) =>
  queryOptions({
    queryKey: configurationKeys.picker(search),
    queryFn: ({ signal }) =>
      listConfigurations({ page: 1, limit: 8, search, sort: null, order: 'asc', filters: {} }, signal),
    placeholderData: (previous) => previous,
  });

export interface ConfigurationFields {
  name: string;
  description: string;
  settings: SavedConfigSettings;
  /** The preview snapshot taken from the stream; the configuration keeps its old one without it. */
  snapshot?: Blob | null;
}

/** The multipart body of POST /config and PUT /config/{id} (spec §7): text fields, settings as JSON, imageFile. */
function formOf(fields: Partial<ConfigurationFields>): FormData {
  const form = new FormData();
  if (fields.name !== undefined) form.set('name', fields.name);
  if (fields.description !== undefined) form.set('description', fields.description);
  if (fields.settings) form.set('settings', JSON.stringify(fields.settings));
  if (fields.snapshot) form.set('imageFile', fields.snapshot, 'preview.jpg');
  return form;
}

/** A page of configurations: the user's own and those shared with them; an administrator's holds everyone's. */
export function listConfigurations(params: ListParams, signal?: AbortSignal): Promise<ListResult<Config>> {
  return serverCall('get', API_ROUTES.configs.filtered, {
    query: listCallQuery(params),
    schema: listResultSchema(configSchema),
    ...(signal ? { signal } : {}),
  });
}

export function fetchConfiguration(id: string): Promise<Config> {
  return serverCall('get', API_ROUTES.configs.byId, { params: { id }, schema: configSchema });
}

export function createConfiguration(fields: ConfigurationFields): Promise<Config> {
  return serverCall('post', API_ROUTES.configs.create, { body: formOf(fields), schema: configSchema });
}

/** Changes the fields given; the rest (a rename leaves the settings and the preview) stay as they are (spec §7). */
export function updateConfiguration(id: string, fields: Partial<ConfigurationFields>): Promise<Config> {
  return serverCall('put', API_ROUTES.configs.update, { params: { id }, body: formOf(fields), schema: configSchema });
}

export function deleteConfiguration(id: string): Promise<void> {
  return serverCall('put', API_ROUTES.configs.delete, { params: { id } });
}

/** The car a configuration was saved on, as the studio recorded it; null for one saved without a car. */
export function configurationCar(config: Config): string | null {
  const product = config.settings.app?.product;
  if (!product) return null;
  return typeof product['name'] === 'string' ? product['name'] : null;
}

/** A configuration's picture: the render service's still of it, else the snapshot taken at the save; null: neither. */
export function configurationPicture(config: Config): string | null {
  return config.stillUrl ?? config.imageUrl;
}

/** Marks every cached configuration stale: lists and copies fetch again where they are shown. */
export const useInvalidateConfigurations = () => useInvalidate(configurationKeys.all);

/** Renames a configuration; fails with the spec's rename text. */
export const useRenameConfiguration = () =>
  useResourceChange(
    configurationKeys.all,
    ({ id, name, description }: { id: string; name: string; description: string }) =>
      updateConfiguration(id, { name, description }),
    FAILURE_TOASTS.renameConfiguration,
  );

/** What the save dialog sends: the configuration to update, or null to save a new one. */
export interface SaveConfigurationRequest extends ConfigurationFields {
  id: string | null;
}

/**
 * Save and save as new (spec §4): an update of the configuration given, or a new one. Fails with the spec's save
 * text, the server's reason as its cause (failureReason).
 */
export const useSaveConfiguration = () =>
  useResourceChange(
    configurationKeys.all,
    ({ id, ...fields }: SaveConfigurationRequest) =>
      id === null ? createConfiguration(fields) : updateConfiguration(id, fields),
    FAILURE_TOASTS.saveConfiguration,
  );

/** Deletes a configuration; fails with the spec's delete text. */
export const useDeleteConfiguration = () =>
  useResourceChange(configurationKeys.all, deleteConfiguration, FAILURE_TOASTS.deleteConfiguration);

/** A page of configurations as a list shows it (the studio's browser, the admin console's table). */
export function useConfigurationList(controls: ListParamsControls<string>): ListQueryResult<Config> {
  return useListQuery({
    key: configurationKeys.lists(),
    controls,
    fetch: listConfigurations,
    failure: FAILURE_TOASTS.fetchConfigurations,
  });
}
