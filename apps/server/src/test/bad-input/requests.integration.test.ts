import { API_BASE, API_ROUTES } from '@autostudio/protocol';
import { describeBadInput, type Case, DEEP } from './bad-input.js';

/** Bad requests whatever the route: JSON too deep to walk, ids too long to look up. */
const CASES: Case[] = [
  {
    name: 'a JSON body nested 5,000 levels deep',
    method: 'POST',
    url: `${API_BASE}${API_ROUTES.sessions.heartbeat}`,
    raw: { contentType: 'application/json', body: `{"sessionId":"s","extra":${DEEP}}` },
    status: 400,
    message: /^body: must not nest deeper than 100 levels$/,
  },
  {
    name: 'an id of a thousand characters',
    method: 'GET',
    url: `/api/preset/id/${'a'.repeat(1000)}`,
    status: 414,
    message: /max param length/,
  },
  {
    name: 'an id of 65 characters',
    method: 'GET',
    url: `/api/preset/id/${'a'.repeat(65)}`,
    status: 400,
    message: /params.id/,
  },
  // Found by test/fuzz/schema-fuzz.integration.test.ts: PostgreSQL cannot store U+0000, so these answered 500 there.
  {
    name: 'an id holding a NUL character',
    method: 'GET',
    url: `${API_BASE}/preset/id/%00`,
    status: 400,
    message: /^params\.id: must not contain a NUL character$/,
  },
  {
    name: 'a description holding a NUL character',
    method: 'POST',
    url: `${API_BASE}${API_ROUTES.groups.create}`,
    json: { name: 'Night shift', description: 'late\u0000' },
    status: 400,
    message: /^body\.description: must not contain a NUL character$/,
  },
  {
    name: 'a search holding a NUL character',
    method: 'GET',
    url: `${API_BASE}${API_ROUTES.users.filtered}?search=%00`,
    status: 400,
    message: /^query\.search: must not contain a NUL character$/,
  },
  {
    name: 'a multipart field holding a NUL character',
    method: 'POST',
    url: `${API_BASE}/config`,
    multipart: { fields: { name: 'C', description: 'late\u0000', settings: '{}' } },
    status: 400,
    message: /^body\.description: must not contain a NUL character$/,
  },
];

describeBadInput('any route', CASES);
