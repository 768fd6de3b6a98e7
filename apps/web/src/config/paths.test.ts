import { describe, expect, it } from 'vitest';
import { PUBLIC_VIEWER_PATH } from '@autostudio/protocol';
import { paths } from './paths';

describe('the app’s paths', () => {
  it('open share links where the server sends them', () => {
    expect(paths.publicViewer).toBe(`${PUBLIC_VIEWER_PATH}/:token`);
  });
});
