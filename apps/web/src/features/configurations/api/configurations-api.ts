import {
  API_ROUTES,
  configSchema,
  listResultSchema,
  pathTo,
  type Config,
  type ListResult,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { listPath } from '@/lib/list-query';

export interface ConfigurationFields {
  name: string;
  description: string;
  settings: SavedConfigSettings;
  /** The preview snapshot taken from the stream; the configuration keeps its old one without it. */
  snapshot?: Blob | null;
}

/** The multipart body of POST /config and PUT /config/{id} (spec §7): text fields, settings as JSON, imageFile. */
function formOf(fields: ConfigurationFields): FormData {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('description', fields.description);
  form.set('settings', JSON.stringify(fields.settings));
  if (fields.snapshot) form.set('imageFile', fields.snapshot, 'preview.jpg');
  return form;
}

export function createConfiguration(fields: ConfigurationFields): Promise<Config> {
  return apiRequest(API_ROUTES.configs.create, { method: 'POST', body: formOf(fields), schema: configSchema });
}

export function updateConfiguration(id: string, fields: ConfigurationFields): Promise<Config> {
  return apiRequest(pathTo(API_ROUTES.configs.update, { id }), {
    method: 'PUT',
    body: formOf(fields),
    schema: configSchema,
  });
}

/** Renames a configuration: its settings and preview stay as they are (spec §7: PUT with only some fields). */
export function renameConfiguration(id: string, name: string, description: string): Promise<Config> {
  const form = new FormData();
  form.set('name', name);
  form.set('description', description);
  return apiRequest(pathTo(API_ROUTES.configs.update, { id }), { method: 'PUT', body: form, schema: configSchema });
}

export async function deleteConfiguration(id: string): Promise<void> {
  await apiRequest(pathTo(API_ROUTES.configs.delete, { id }), { method: 'PUT' });
}

export function fetchConfiguration(id: string): Promise<Config> {
  return apiRequest(pathTo(API_ROUTES.configs.byId, { id }), { schema: configSchema });
}

export function listConfigurations(query: {
  page: number;
  limit: number;
  search?: string;
}): Promise<ListResult<Config>> {
  return apiRequest(listPath(API_ROUTES.configs.filtered, query), { schema: listResultSchema(configSchema) });
}
