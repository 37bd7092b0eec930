// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { ageText, shownAge } from '../../src/app/liveDevices/ageText';
import { useLanguagePack } from '../../src/app/i18n/i18n';
import zh from '../../src/app/i18n/locales/zh_cn';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('the age a tile shows', () => {
  beforeAll(() => useLanguagePack('zh_cn', zh));

  it.each([
    [0, '0秒前'],
    [59_999, '59秒前'],
    [M, '1分钟前'],
    [H - 1, '59分钟前'],
    [3 * H + 59 * M, '3小时前'],
    [D, '1天前'],
    [9 * D + 23 * H, '9天前'],
    [-5 * S, '0秒前'],
  ])('%i ms → %s', (ms, text) => {
    expect(ageText(ms)).toBe(text);
  });

  it('is cut to the unit its text shows, so the text of the cut age is the same', () => {
    for (let ms = 0; ms < 12 * D; ms += 7_919) {
      expect(ageText(shownAge(ms))).toBe(ageText(ms));
      expect(shownAge(ms)).toBeLessThanOrEqual(ms);
    }
  });

  it('changes only when the words change: once a second, then a minute, an hour, a day', () => {
    const changes = (from: number, to: number, step: number) => {
      let n = 0;
      for (let ms = from + step; ms <= to; ms += step) if (shownAge(ms) !== shownAge(ms - step)) n++;
      return n;
    };
    expect(changes(0, 30 * S, 100)).toBe(30);
    expect(changes(2 * M, 2 * M + 10 * M, S)).toBe(10);
    expect(changes(2 * H, 2 * H + 3 * H, S)).toBe(3);
    expect(changes(2 * D, 4 * D, M)).toBe(2);
  });
});
