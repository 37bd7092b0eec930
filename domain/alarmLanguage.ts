import { EVENT_LEVEL, type EnumLanguage } from './enums';

/**
 * The one alarm language of every screen (tiles, tables, bell, popup, map, charts, reports): for each
 * alarm level and device state a colour per theme, an icon shape and a label in both languages.
 *
 * The colours are chosen to stay apart for deuteranopes, protanopes and tritanopes (tests/unit/
 * alarmPalette.test.ts simulates them), and no state is told by colour alone: the shape and the
 * label differ too. Severity is carried by emphasis as well: 事故 is drawn solid, the strongest mark
 * on a screen, and is never faded.
 */

export const ALARM_THEMES = ['bright', 'dark'] as const;
export type AlarmTheme = (typeof ALARM_THEMES)[number];

/** Severest first: the order of legends, counts and sorting. */
export const ALARM_STATES = ['accident', 'alarm', 'warning', 'offline', 'normal'] as const;
export type AlarmStateKey = (typeof ALARM_STATES)[number];

export type AlarmShape = 'octagon' | 'triangle' | 'diamond' | 'slashed-circle' | 'circle' | 'clock';

/** How loudly a state is drawn: solid fill, strong tint with a thick border, a tint, or plain. */
export type AlarmEmphasis = 'solid' | 'strong' | 'tint' | 'muted' | 'plain';

export interface AlarmLook {
  key: AlarmStateKey | 'stale';
  /** 3 is the severest; offline and normal carry no alarm rank */
  rank: number;
  label: Record<EnumLanguage, string>;
  shape: AlarmShape;
  /** the state's colour on each theme's surface */
  colour: Record<AlarmTheme, string>;
  /** text drawn on a solid fill of that colour */
  onColour: Record<AlarmTheme, string>;
  emphasis: AlarmEmphasis;
}

export const ALARM_LOOK: Record<AlarmStateKey, AlarmLook> = {
  accident: {
    key: 'accident',
    rank: 3,
    label: { zh_cn: '事故', en: 'Accident' },
    shape: 'octagon',
    colour: { bright: '#b0003a', dark: '#ff3b5c' },
    onColour: { bright: '#ffffff', dark: '#1a0006' },
    emphasis: 'solid',
  },
  alarm: {
    key: 'alarm',
    rank: 2,
    label: { zh_cn: '报警', en: 'Alarm' },
    shape: 'triangle',
    colour: { bright: '#e66100', dark: '#ff8c1a' },
    onColour: { bright: '#1a0a00', dark: '#1a0a00' },
    emphasis: 'strong',
  },
  warning: {
    key: 'warning',
    rank: 1,
    label: { zh_cn: '预警', en: 'Early warning' },
    shape: 'diamond',
    colour: { bright: '#f0c000', dark: '#ffe14d' },
    onColour: { bright: '#1a1400', dark: '#1a1400' },
    emphasis: 'tint',
  },
  offline: {
    key: 'offline',
    rank: 0,
    label: { zh_cn: '通信异常', en: 'No communication' },
    shape: 'slashed-circle',
    colour: { bright: '#6b7280', dark: '#8b95a7' },
    onColour: { bright: '#ffffff', dark: '#0b1220' },
    emphasis: 'muted',
  },
  normal: {
    key: 'normal',
    rank: 0,
    label: { zh_cn: '正常', en: 'Normal' },
    shape: 'circle',
    colour: { bright: '#009e73', dark: '#2ec4a0' },
    onColour: { bright: '#00140e', dark: '#001a12' },
    emphasis: 'plain',
  },
};

/**
 * Data older than two report intervals: a mark over a tile, not a state of its own, so the tile keeps
 * its alarm colour and gains the clock, the age and a hatch.
 */
export const STALE_LOOK: AlarmLook = {
  key: 'stale',
  rank: 0,
  label: { zh_cn: '数据过期', en: 'Stale data' },
  shape: 'clock',
  colour: { bright: '#4b5563', dark: '#c0c9d8' },
  onColour: { bright: '#ffffff', dark: '#0b1220' },
  emphasis: 'muted',
};

/**
 * A device's communication status (DEVICE_STATUS id) in the language, as the wall's tiles draw it:
 * 正在通信 and 未知 are normal (spec §4 "Device status display"), every other status is 通信异常.
 * `share` tells the statuses of one state apart where a chart shows them side by side: the part of the
 * state's colour mixed into the surface (1: the state's own colour) — never another state's hue, so a
 * device out of service is not drawn in an alarm's red or orange.
 */
export const DEVICE_STATUS_LOOK: Readonly<Record<number, { state: 'normal' | 'offline'; share: number }>> = {
  1: { state: 'normal', share: 1 },
  6: { state: 'normal', share: 0.45 },
  2: { state: 'offline', share: 1 },
  3: { state: 'offline', share: 0.7 },
  4: { state: 'offline', share: 0.5 },
  5: { state: 'offline', share: 0.32 },
};

/** EVENT_LEVEL id → its state in the language. */
export const LEVEL_STATE: Readonly<Record<number, AlarmStateKey>> = {
  [EVENT_LEVEL.ACCIDENT]: 'accident',
  [EVENT_LEVEL.ALARM]: 'alarm',
  [EVENT_LEVEL.EARLY_WARNING]: 'warning',
};

/** The state of an EVENT_LEVEL id; an unknown level is drawn as 报警 rather than not at all. */
export function levelState(levelId: number | null | undefined): AlarmStateKey {
  return LEVEL_STATE[levelId ?? -1] ?? 'alarm';
}
export const levelLook = (levelId: number | null | undefined): AlarmLook => ALARM_LOOK[levelState(levelId)];

export function stateOfRank(rank: number): AlarmStateKey {
  return rank >= 3 ? 'accident' : rank === 2 ? 'alarm' : rank === 1 ? 'warning' : 'normal';
}

export function alarmLabel(key: AlarmStateKey | 'stale', lang: EnumLanguage): string {
  return (key === 'stale' ? STALE_LOOK : ALARM_LOOK[key]).label[lang];
}

/** The CSS custom property holding a state's colour in the current theme. */
export const alarmColourVar = (key: AlarmStateKey | 'stale') => `var(--vg-state-${key})`;
export const alarmOnColourVar = (key: AlarmStateKey | 'stale') => `var(--vg-state-${key}-on)`;

/** The custom properties of one theme, written once into the page by the browser app. */
export function alarmCssVariables(theme: AlarmTheme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const look of [...ALARM_STATES.map((k) => ALARM_LOOK[k]), STALE_LOOK]) {
    vars[`--vg-state-${look.key}`] = look.colour[theme];
    vars[`--vg-state-${look.key}-on`] = look.onColour[theme];
  }
  return vars;
}
