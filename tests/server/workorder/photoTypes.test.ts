import { describe, expect, it } from 'vitest';
import { detectType } from '../../../server/files/fileTypes';

/** On-site photos (issue 29): jpeg, png, webp and HEIC from phones, recognised by their first bytes. */
describe('photo types', () => {
  const heif = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(4)]);
  it('takes a HEIC photo by its HEIF brand, and not a renamed file', () => {
    expect(detectType('site.heic', heif('heic'))?.mime).toBe('image/heic');
    expect(detectType('site.HEIC', heif('mif1'))?.mime).toBe('image/heic');
    expect(detectType('site.heic', heif('isom'))).toBeUndefined();
    expect(detectType('site.heic', Buffer.from('<script>alert(1)</script>'))).toBeUndefined();
  });
  it('still takes jpeg, png and webp', () => {
    expect(detectType('a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(detectType('a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]))?.mime).toBe('image/png');
    expect(detectType('a.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]))?.mime).toBe('image/webp');
  });
});
