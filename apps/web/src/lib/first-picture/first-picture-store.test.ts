import { afterEach, describe, expect, it } from 'vitest';
import { useFirstPictureStore } from './first-picture-store';

describe('the first picture', () => {
  afterEach(() => {
    sessionStorage.clear();
    useFirstPictureStore.setState({ url: null, holding: false });
  });

  it('holds a still until the load releases it, and the tab remembers it for a reload', () => {
    useFirstPictureStore.getState().hold('/api/media/stills/a.jpg');
    expect(useFirstPictureStore.getState()).toMatchObject({ url: '/api/media/stills/a.jpg', holding: true });
    expect(sessionStorage.getItem('autostudio.firstPicture')).toBe('/api/media/stills/a.jpg');
    useFirstPictureStore.getState().release();
    expect(useFirstPictureStore.getState()).toMatchObject({ url: '/api/media/stills/a.jpg', holding: false });
  });

  it('shows no still, rather than the last car’s, when a load brings none (a model without a preview)', () => {
    useFirstPictureStore.getState().hold('/api/media/stills/a.jpg');
    useFirstPictureStore.getState().hold(null);
    expect(useFirstPictureStore.getState()).toMatchObject({ url: null, holding: true });
    expect(sessionStorage.getItem('autostudio.firstPicture')).toBeNull();
  });
});
