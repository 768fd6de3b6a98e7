import { afterEach, describe, expect, it } from 'vitest';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { useEngineStore } from './engine-store';

/** An engine that refuses every call: these tests are about what the studio keeps, not what the engine says. */
const silentEngine = () => new RemoteApi({ call: () => Promise.reject(new Error('offline')) } as RemoteTransport);
const backplate = { imageId: 'upload-1', previewUrl: '/media/upload-1', selectedImageName: 'harbour.jpg' };

afterEach(() => {
  useEngineStore.getState().detach();
  sessionStorage.clear();
});

describe('the studio view of a scene across a reload', () => {
  it('comes back for the same session: view mode, hidden guide, selected light and images', async () => {
    await useEngineStore.getState().attach(silentEngine(), 'session-1');
    useEngineStore.getState().updateView({ viewMode: 'camera', compositionGuideVisible: false, selectedLightId: 2 });
    useEngineStore.getState().setImage('backplate', backplate);
    useEngineStore.getState().detach();

    // The reloaded page: a new store connection to the same session.
    await useEngineStore.getState().attach(silentEngine(), 'session-1');
    const { view, images } = useEngineStore.getState();
    expect(view).toEqual({ viewMode: 'camera', compositionGuideVisible: false, selectedLightId: 2 });
    expect(images.backplate).toEqual(backplate);
  });

  it('starts afresh for another session, and when what was kept is unreadable', async () => {
    await useEngineStore.getState().attach(silentEngine(), 'session-1');
    useEngineStore.getState().updateView({ viewMode: 'camera' });
    useEngineStore.getState().detach();

    await useEngineStore.getState().attach(silentEngine(), 'session-2');
    expect(useEngineStore.getState().view.viewMode).toBe('editor');
    useEngineStore.getState().detach();

    sessionStorage.setItem('autostudio.engineScene', '{"sceneKey":"session-3","view":{"viewMode":"sideways"}}');
    await useEngineStore.getState().attach(silentEngine(), 'session-3');
    expect(useEngineStore.getState().view.viewMode).toBe('editor');
    expect(useEngineStore.getState().images).toEqual({});
  });
});
