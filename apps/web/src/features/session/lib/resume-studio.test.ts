import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_PRODUCT, STUDIO_STORAGE_KEY, type AssetModel, type SessionResponse } from '@autostudio/protocol';
import { studioEntry } from '../hooks/use-studio-entry';
import { useSessionStore } from '../stores/session-store';
import { resumePlan } from './resume-studio';
import { forgetStudio, recallStudio, rememberStudio, type StudioMemory } from './studio-memory';

const product: AssetModel = {
  id: 'asset-1',
  modelId: 'model-1',
  version: 1,
  name: BUILT_IN_PRODUCT.name,
  description: '',
  category: 'SUV',
  type: 'car',
  brand: '',
  region: '',
  modelUrl: null,
  fileName: null,
  fileSize: null,
  previewUrl: null,
  settings: { unrealParams: {}, configOptions: {} },
  isPublic: true,
  ownerId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sharedUsers: [],
  sharedGroups: [],
};
const memory: StudioMemory = { sessionId: 'session-1', product };
const answer = (sessionId: string | null, success = sessionId !== null): SessionResponse => ({
  success,
  message: success ? 'Session is active' : 'Session Expired',
  sessionDetails: sessionId ? { sessionId, instanceId: 'localhost:30010', instanceUrl: 'ws://x/signalling' } : null,
});

describe('what a reloaded /home does', () => {
  it('goes to /landing when the heartbeat says the session is over', () => {
    expect(resumePlan(memory, answer(null), null)).toEqual({ kind: 'landing' });
    // Another session of this user (another tab's) is not the one this tab's car is in.
    expect(resumePlan(memory, answer('session-2'), null)).toEqual({ kind: 'landing' });
  });

  it('asks for the reconnect once the heartbeat kept the session', () => {
    expect(resumePlan(memory, answer('session-1'), null)).toBeNull();
  });

  it('reattaches without touching the car when the engine still answers, reloads it on a new engine', () => {
    expect(resumePlan(memory, answer('session-1'), answer('session-1'))).toMatchObject({ kind: 'reattach' });
    expect(resumePlan(memory, answer('session-1'), answer('session-9'))).toMatchObject({ kind: 'reload' });
    expect(resumePlan(memory, answer('session-1'), answer(null))).toEqual({ kind: 'landing' });
  });

  it('enters the studio with a product, resumes with a memory, else sends the user to /landing', () => {
    expect(studioEntry(true, null)).toBe('studio');
    expect(studioEntry(false, memory)).toBe('resuming');
    expect(studioEntry(false, null)).toBe('landing');
  });
});

describe("the tab's memory of its studio", () => {
  afterEach(() => {
    forgetStudio();
    useSessionStore.getState().clear();
  });

  it('is written when the car is loaded in a session and forgotten when the session is', () => {
    useSessionStore.setState({ sessionDetails: answer('session-1').sessionDetails });
    useSessionStore.getState().productLoaded(product, 'resumed');
    expect(recallStudio()).toEqual(memory);

    useSessionStore.getState().clear();
    expect(sessionStorage.getItem(STUDIO_STORAGE_KEY)).toBeNull();
    expect(recallStudio()).toBeNull();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem(STUDIO_STORAGE_KEY, '{not json');
    expect(recallStudio()).toBeNull();
    sessionStorage.setItem(STUDIO_STORAGE_KEY, JSON.stringify({ sessionId: 'x' }));
    expect(recallStudio()).toBeNull();
  });

  it('reads back what it wrote', () => {
    rememberStudio(memory);
    expect(recallStudio()).toEqual(memory);
  });
});
