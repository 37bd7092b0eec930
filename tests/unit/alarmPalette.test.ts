import { describe, expect, it } from 'vitest';
import {
  ALARM_LOOK,
  ALARM_STATES,
  ALARM_THEMES,
  alarmCssVariables,
  levelLook,
  stateOfRank,
  STALE_LOOK,
  type AlarmEmphasis,
} from '../../domain/alarmLanguage';
import { EVENT_LEVEL } from '../../domain/enums';
import { ciede2000, contrast, deltaE00, parseHex, simulate, type CvdKind } from './colourVision';

/** The themes' surfaces (src/styles.css --vg-surface) the colours are drawn on. */
const SURFACE = { bright: '#ffffff', dark: '#111a2e' } as const;
const VISIONS: (CvdKind | 'typical')[] = ['typical', 'deuteranopia', 'protanopia', 'tritanopia'];
/** CIEDE2000 apart: about 10 is "clearly different at a glance" for small marks (2.3 is a just-noticeable difference). */
const MIN_DISTANCE = 10;
const EMPHASIS_ORDER: AlarmEmphasis[] = ['plain', 'muted', 'tint', 'strong', 'solid'];

const seen = (hex: string, vision: CvdKind | 'typical') => (vision === 'typical' ? parseHex(hex) : simulate(parseHex(hex), vision));

describe('colour science', () => {
  it('CIEDE2000 matches Sharma, Wu & Dalal’s test pairs', () => {
    const pairs: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
      [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
    ];
    for (const [a, b, want] of pairs) expect(deltaE00(a, b)).toBeCloseTo(want, 3);
  });

  it('the simulations collapse the confusion lines they should', () => {
    // red and green that a deuteranope and a protanope cannot tell apart, but a tritanope can
    const red = parseHex('#d62728');
    const green = parseHex('#7f7f00');
    expect(ciede2000(red, green)).toBeGreaterThan(20);
    expect(ciede2000(simulate(red, 'deuteranopia'), simulate(green, 'deuteranopia'))).toBeLessThan(ciede2000(red, green) / 2);
    // blue and green drift together for a tritanope
    const blue = parseHex('#1f77b4');
    const teal = parseHex('#17becf');
    expect(ciede2000(simulate(blue, 'tritanopia'), simulate(teal, 'tritanopia'))).toBeLessThan(ciede2000(blue, teal));
  });
});

describe('the alarm palette', () => {
  for (const theme of ALARM_THEMES) {
    for (const vision of VISIONS) {
      it(`${theme}: every two states at least ΔE00 ${MIN_DISTANCE} apart (${vision})`, () => {
        for (let i = 0; i < ALARM_STATES.length; i++) {
          for (let j = i + 1; j < ALARM_STATES.length; j++) {
            const a = ALARM_LOOK[ALARM_STATES[i]!].colour[theme];
            const b = ALARM_LOOK[ALARM_STATES[j]!].colour[theme];
            const d = ciede2000(seen(a, vision), seen(b, vision));
            expect(d, `${ALARM_STATES[i]} ${a} vs ${ALARM_STATES[j]} ${b}`).toBeGreaterThanOrEqual(MIN_DISTANCE);
          }
        }
      });
    }

    it(`${theme}: 事故 and 报警 stand out from the surface (WCAG non-text contrast ≥ 3)`, () => {
      for (const key of ['accident', 'alarm'] as const) {
        expect(contrast(parseHex(ALARM_LOOK[key].colour[theme]), parseHex(SURFACE[theme])), key).toBeGreaterThanOrEqual(3);
      }
    });

    it(`${theme}: text on a solid fill of any state is readable (contrast ≥ 4.5)`, () => {
      for (const look of [...ALARM_STATES.map((k) => ALARM_LOOK[k]), STALE_LOOK]) {
        expect(contrast(parseHex(look.colour[theme]), parseHex(look.onColour[theme])), look.key).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('the severest level is the most prominent: emphasis rises strictly with rank, and 事故 alone is solid', () => {
    const alarms = ALARM_STATES.filter((k) => ALARM_LOOK[k].rank > 0).sort((a, b) => ALARM_LOOK[a].rank - ALARM_LOOK[b].rank);
    const emphasis = alarms.map((k) => EMPHASIS_ORDER.indexOf(ALARM_LOOK[k].emphasis));
    for (let i = 1; i < emphasis.length; i++) expect(emphasis[i]).toBeGreaterThan(emphasis[i - 1]!);
    expect(ALARM_STATES.filter((k) => ALARM_LOOK[k].emphasis === 'solid')).toEqual(['accident']);
  });

  it('every state differs by shape and by label too, in both languages', () => {
    const looks = [...ALARM_STATES.map((k) => ALARM_LOOK[k]), STALE_LOOK];
    expect(new Set(looks.map((l) => l.shape)).size).toBe(looks.length);
    expect(new Set(looks.map((l) => l.label.zh_cn)).size).toBe(looks.length);
    expect(new Set(looks.map((l) => l.label.en)).size).toBe(looks.length);
  });

  it('maps EVENT_LEVEL ids and alarm ranks onto the states', () => {
    expect(levelLook(EVENT_LEVEL.ACCIDENT).key).toBe('accident');
    expect(levelLook(EVENT_LEVEL.ALARM).key).toBe('alarm');
    expect(levelLook(EVENT_LEVEL.EARLY_WARNING).key).toBe('warning');
    expect(levelLook(99).key).toBe('alarm');
    expect([0, 1, 2, 3, 4].map(stateOfRank)).toEqual(['normal', 'warning', 'alarm', 'accident', 'accident']);
  });

  it('writes one custom property per state and theme', () => {
    const bright = alarmCssVariables('bright');
    expect(bright['--vg-state-accident']).toBe(ALARM_LOOK.accident.colour.bright);
    expect(alarmCssVariables('dark')['--vg-state-normal-on']).toBe(ALARM_LOOK.normal.onColour.dark);
    expect(Object.keys(bright)).toHaveLength((ALARM_STATES.length + 1) * 2);
  });
});
