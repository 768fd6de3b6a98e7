import { API_ROUTES, configSchema, listResultSchema, pathTo, type Config, type ListResult } from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

/** A page of configurations: an administrator's list holds everyone's (spec §6). */
export function listConfigs(params: ListParams, signal?: AbortSignal): Promise<ListResult<Config>> {
  return apiRequest(listPath(API_ROUTES.configs.filtered, listCallQuery(params)), {
    schema: listResultSchema(configSchema),
    ...(signal ? { signal } : {}),
  });
}

export function deleteConfig(id: string): Promise<void> {
  return apiRequest(pathTo(API_ROUTES.configs.delete, { id }), { method: 'PUT' });
}

/** The car a configuration was saved on, as the studio recorded it; null for one saved without a car. */
export function configCar(config: Config): string | null {
  const product = config.settings.app?.product;
  if (!product) return null;
  return typeof product['name'] === 'string' ? product['name'] : null;
}
