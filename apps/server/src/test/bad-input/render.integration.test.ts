import { API_BASE, API_ROUTES, pathTo } from '@autostudio/protocol';
import { describeBadInput, type Case, CONTROL, DEEP, HUGE, named, UNKNOWN } from './bad-input.js';

const still = `${API_BASE}${API_ROUTES.render.still}`;
const video = `${API_BASE}${API_ROUTES.render.video}`;
const STILL = { settings: {}, metadata: { name: 'Still' } };
const VIDEO = { selectedAnimation: 'Exterior 360', settings: {}, metadata: { name: 'Video' } };

/** Bad input to the render service: every refusal names the field, and nothing is queued. */
const CASES: Case[] = [
  { name: 'still without a body', method: 'POST', url: still, status: 400, message: /body/ },
  {
    name: 'still without metadata',
    method: 'POST',
    url: still,
    json: { settings: {} },
    status: 400,
    message: /metadata/,
  },
  {
    name: 'still of neither settings nor a saved configuration',
    method: 'POST',
    url: still,
    json: { metadata: { name: 'Still' } },
    status: 400,
    message: /metadata\.configId of a saved configuration/,
  },
  {
    name: 'still of an unknown render type',
    method: 'POST',
    url: still,
    json: { ...STILL, renderType: 'Car Only' },
    status: 400,
    message: /body\.renderType/,
  },
  {
    name: 'still of an unknown pass',
    method: 'POST',
    url: still,
    json: { ...STILL, selectedPasses: ['Normals'] },
    status: 400,
    message: /body\.selectedPasses/,
  },
  {
    name: 'still larger than 3840×2160',
    method: 'POST',
    url: still,
    json: { ...STILL, resolutionPreset: 'custom', customResolution: { width: 3840, height: 2161 } },
    status: 400,
    message: /body\.customResolution\.height/,
  },
  {
    name: 'still of a custom resolution without one',
    method: 'POST',
    url: still,
    json: { ...STILL, resolutionPreset: 'custom' },
    status: 400,
    message: /customResolution: is required when resolutionPreset is custom/,
  },
  {
    name: 'still with a fractional sample count',
    method: 'POST',
    url: still,
    json: { ...STILL, antiAliasTemporal: 2.5 },
    status: 400,
    message: /body\.antiAliasTemporal/,
  },
  {
    name: 'still named with control characters',
    method: 'POST',
    url: still,
    json: { ...STILL, metadata: { name: CONTROL } },
    status: 400,
    message: named('metadata.name'),
  },
  {
    name: 'still with a huge description',
    method: 'POST',
    url: still,
    json: { ...STILL, metadata: { name: 'Still', description: HUGE } },
    status: 400,
    message: /body\.metadata\.description/,
  },
  {
    name: 'still with settings 5,000 levels deep',
    method: 'POST',
    url: still,
    raw: { contentType: 'application/json', body: `{"metadata":{"name":"Still"},"settings":${DEEP}}` },
    status: 400,
    message: /must not nest deeper than 100 levels/,
  },
  {
    name: 'still of an unknown configuration',
    method: 'POST',
    url: still,
    json: { metadata: { name: 'Still', configId: UNKNOWN } },
    status: 404,
    message: /^Configuration not found$/,
  },
  {
    name: 'video of an unknown preset animation',
    method: 'POST',
    url: video,
    json: { ...VIDEO, selectedAnimation: 'Moonwalk' },
    status: 400,
    message: /body\.selectedAnimation: must be one of Exterior 360/,
  },
  {
    name: 'video in an unknown format',
    method: 'POST',
    url: video,
    json: { ...VIDEO, videoFormat: 'GIF' },
    status: 400,
    message: /body\.videoFormat/,
  },
  {
    name: 'video of an unknown animation preset',
    method: 'POST',
    url: video,
    json: { ...VIDEO, animationType: 'custom', selectedAnimation: UNKNOWN },
    status: 404,
    message: /^Animation preset not found$/,
  },
  {
    name: 'status of an unknown job',
    method: 'GET',
    url: `${API_BASE}${pathTo(API_ROUTES.render.status, { jobId: UNKNOWN })}`,
    status: 404,
    message: /^Render job not found$/,
  },
  {
    name: 'status of a job id of 65 characters',
    method: 'GET',
    url: `${API_BASE}${pathTo(API_ROUTES.render.status, { jobId: 'a'.repeat(65) })}`,
    status: 400,
    message: /params\.jobId/,
  },
  {
    name: 'cancel of an unknown job',
    method: 'DELETE',
    url: `${API_BASE}${pathTo(API_ROUTES.render.cancel, { jobId: UNKNOWN })}`,
    status: 404,
    message: /^Render job not found$/,
  },
];

describeBadInput('the render service', CASES);
