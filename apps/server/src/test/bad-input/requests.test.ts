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
];

describeBadInput('any route', CASES);
