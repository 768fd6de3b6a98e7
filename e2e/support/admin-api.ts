import type { APIRequestContext } from '@playwright/test';
import {
  API_BASE,
  API_ROUTES,
  type AssetModel,
  type Config,
  type ListResult,
  type Preset,
  type PresetType,
} from '@autostudio/protocol';
import { expect } from './fixtures';
import { solidPng } from './png';
import { loginApi } from './sign-in';

export interface Caller {
  userId: string;
  headers: { authorization: string };
}

/** Signs in through the API, for items made before the page is opened (presets and configurations are made in the studio). */
export async function signInApi(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<Caller> {
  const { accessToken, user } = await loginApi(request, credentials);
  return { userId: user.id, headers: { authorization: `Bearer ${accessToken}` } };
}

export async function createPresetApi(
  request: APIRequestContext,
  caller: Caller,
  preset: { name: string; type: PresetType; category: string; settings: string },
): Promise<Preset> {
  const created = await request.post(`${API_BASE}${API_ROUTES.presets.create}`, {
    headers: caller.headers,
    data: preset,
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Preset;
}

/** A configuration with a snapshot, as the studio's Save makes one. */
export async function createConfigApi(
  request: APIRequestContext,
  caller: Caller,
  config: {
    name: string;
    description?: string;
    product?: { id: string; name: string } | null;
    /** More of the saved settings (carConfig, scene…), beside the car. */
    settings?: Record<string, unknown>;
  },
  colour: [number, number, number] = [40, 90, 160],
): Promise<Config> {
  const created = await request.post(`${API_BASE}${API_ROUTES.configs.create}`, {
    headers: caller.headers,
    multipart: {
      name: config.name,
      description: config.description ?? '',
      settings: JSON.stringify({ ...config.settings, app: { product: config.product ?? null } }),
      imageFile: { name: 'snapshot.png', mimeType: 'image/png', buffer: solidPng(160, 90, colour) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Config;
}

/**
 * The name of the newest asset model, as the admin home lists it first: the built-in car on a fresh server, but
 * whatever an earlier spec uploaded last when the whole suite runs on one server.
 */
export async function newestAssetModelName(request: APIRequestContext, caller: Caller): Promise<string> {
  const query = new URLSearchParams({ page: '1', limit: '1', sort: 'updatedAt', order: 'desc', latestVersion: 'true' });
  const listed = await request.get(`${API_BASE}${API_ROUTES.assetModels.filtered}?${query.toString()}`, {
    headers: caller.headers,
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { items } = (await listed.json()) as ListResult<AssetModel>;
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.name;
}
