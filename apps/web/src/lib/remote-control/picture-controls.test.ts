import { describe, expect, it } from 'vitest';
import { isPictureControl } from './picture-controls';

const call = (functionName: string) => ({ objectPath: '/Game/Any.Any', functionName, parameters: {} });

describe('which Remote Control requests change the picture', () => {
  it('counts catalogue controls and not reads or jobs, by the name on the wire', () => {
    expect(isPictureControl('/remote/object/call', 'PUT', call('Update Car Material'))).toBe(true);
    expect(isPictureControl('/remote/object/call', 'PUT', call('camerarigcranecontroll'))).toBe(true);
    expect(isPictureControl('/remote/object/call', 'PUT', call('GetCarOptions'))).toBe(false);
    expect(isPictureControl('/remote/object/call', 'PUT', call('StartRenderJob'))).toBe(false);
    expect(isPictureControl('/remote/object/call', 'PUT', call('NotInTheCatalogue'))).toBe(false);
    expect(isPictureControl('/remote/object/call', 'PUT', undefined)).toBe(false);
  });

  it('counts property writes and not reads', () => {
    const property = { objectPath: '/Game/Any.Any', propertyName: 'CameraExteriorYaw' };
    expect(isPictureControl('/remote/object/property', 'PUT', { ...property, access: 'WRITE_ACCESS' })).toBe(true);
    expect(isPictureControl('/remote/object/property', 'PUT', { ...property, access: 'READ_ACCESS' })).toBe(false);
    expect(isPictureControl('/remote/object/property', 'PUT', property)).toBe(false);
  });

  it('counts preset property sets and preset functions bound to controls', () => {
    const preset = '/remote/preset/NewRemoteControlPreset';
    expect(isPictureControl(`${preset}/property/CameraExteriorYaw`, 'PUT', { propertyValue: 12 })).toBe(true);
    expect(isPictureControl(`${preset}/property/CameraExteriorYaw`, 'GET', undefined)).toBe(false);
    expect(isPictureControl(`${preset}/function/CameraInteriorYaw`, 'PUT', { parameters: { Value: 3 } })).toBe(true);
    expect(isPictureControl(`${preset}/function/Unbound`, 'PUT', { parameters: {} })).toBe(false);
    expect(isPictureControl('/remote/info', 'GET', undefined)).toBe(false);
  });
});
