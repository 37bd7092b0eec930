import { describe, expect, it } from 'vitest';
import { parseKiosk } from '../../src/app/kiosk/kioskConfig';

const screensOf = (query: string, path: string) => parseKiosk(new URLSearchParams(query), path)?.screens;

describe('kiosk rotation settings', () => {
  it('rotates the 大屏 and the wall when no screens are listed, from the screen the address names', () => {
    expect(screensOf('kiosk=1', '/')).toEqual(['/bigScreen', '/realTime']);
    expect(screensOf('kiosk=1', '/bigScreen')).toEqual(['/bigScreen', '/realTime']);
    expect(screensOf('kiosk=1', '/realTime')).toEqual(['/realTime', '/bigScreen']);
    // another screen named in the address goes first, the default two after it
    expect(screensOf('kiosk=1', '/home')).toEqual(['/home', '/bigScreen', '/realTime']);
    expect(screensOf('kiosk=1', '/nowhere')).toEqual(['/bigScreen', '/realTime']);
  });

  it('keeps a listed rotation as it is, unknown screens left out', () => {
    expect(screensOf('kiosk=1&screens=/realTime', '/bigScreen')).toEqual(['/realTime']);
    expect(screensOf('kiosk=1&screens=/home,/nowhere,/bigScreen', '/')).toEqual(['/home', '/bigScreen']);
    expect(screensOf('kiosk=0', '/')).toBeUndefined();
  });
});
