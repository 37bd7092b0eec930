import { describe, expect, it } from 'vitest';
import china from '../../src/app/monitor/geo/china.json';
import { projectsExtent } from '../../src/app/monitor/map/extent';
import { CHINA_BOUNDS, packCollection, type JsonGeoCollection } from '../../src/app/monitor/map/projection';

const geo = packCollection(china as unknown as JsonGeoCollection);
// the demo ledger's projects: three in 浙江, one in 江苏, one in 四川
const XIHU = [120.163, 30.276] as const;
const BINJIANG = [120.211, 30.208] as const;
const YINZHOU = [121.547, 29.817] as const;
const XUANWU = [118.797, 32.048] as const;
const WUHOU = [104.043, 30.642] as const;

describe('the map’s extent for some projects', () => {
  it('is their province when they all lie in one, with a margin around its outline', () => {
    const e = projectsExtent([XIHU, BINJIANG, YINZHOU], geo);
    expect(e.kind).toBe('province');
    expect(e.kind === 'province' && e.id).toBe('330000');
    // 浙江 spans about 118.0–123.2° E and 27.0–31.2° N: the extent holds it, and is far smaller than the country
    expect(e.bounds.west).toBeLessThan(118.1);
    expect(e.bounds.east).toBeGreaterThan(122.9);
    expect(e.bounds.south).toBeLessThan(27.1);
    expect(e.bounds.north).toBeGreaterThan(31.1);
    expect(e.bounds.east - e.bounds.west).toBeLessThan(8);
    expect(projectsExtent([WUHOU], geo)).toMatchObject({ kind: 'province', id: '510000' });
  });

  it('is the country for projects in several provinces, outside every outline, or none', () => {
    expect(projectsExtent([XIHU, XUANWU], geo)).toEqual({ kind: 'country', bounds: CHINA_BOUNDS });
    expect(projectsExtent([XIHU, BINJIANG, YINZHOU, XUANWU, WUHOU], geo).kind).toBe('country');
    expect(projectsExtent([[2.35, 48.86]], geo).kind).toBe('country');
    expect(projectsExtent([], geo).kind).toBe('country');
  });
});
