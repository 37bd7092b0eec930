import type { ReactElement, SVGProps } from 'react';
import { ALARM_LOOK, STALE_LOOK, alarmColourVar, type AlarmShape, type AlarmStateKey } from '../../../domain/alarmLanguage';

/**
 * The shape of a state, so no state is told by colour alone: 事故 an octagon, 报警 a triangle, 预警 a
 * diamond, 通信异常 a slashed circle, 正常 a circle, stale data a clock. The shape is filled with the
 * state's colour and outlined in the ink colour, so the light 预警 yellow keeps an edge on white.
 */
const SHAPES: Record<AlarmShape, (mark: string) => ReactElement> = {
  octagon: (mark) => (
    <>
      <path d="M7 1.5h10l5.5 5.5v10L17 22.5H7L1.5 17V7z" />
      <path d="M12 6.5v7M12 16.5v1.2" stroke={mark} strokeWidth="2.6" strokeLinecap="round" fill="none" />
    </>
  ),
  triangle: (mark) => (
    <>
      <path d="M12 1.8 23 21.5H1z" />
      <path d="M12 8.5v6.5M12 17.8v.6" stroke={mark} strokeWidth="2.4" strokeLinecap="round" fill="none" />
    </>
  ),
  diamond: (mark) => (
    <>
      <path d="M12 1.2 22.8 12 12 22.8 1.2 12z" />
      <path d="M12 7.5v5.5M12 16v.4" stroke={mark} strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </>
  ),
  'slashed-circle': (mark) => (
    <>
      <circle cx="12" cy="12" r="10.5" />
      <path d="M5.5 18.5 18.5 5.5" stroke={mark} strokeWidth="2.6" strokeLinecap="round" fill="none" />
    </>
  ),
  circle: (mark) => (
    <>
      <circle cx="12" cy="12" r="10.5" />
      <path d="m7 12.5 3.3 3.3L17 9" stroke={mark} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </>
  ),
  clock: (mark) => (
    <>
      <circle cx="12" cy="12" r="10.5" />
      <path d="M12 6v6.5l4 2.5" stroke={mark} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </>
  ),
};

export function AlarmIcon({
  state,
  size = 16,
  title,
  ...rest
}: { state: AlarmStateKey | 'stale'; size?: number | string; title?: string } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  const look = state === 'stale' ? STALE_LOOK : ALARM_LOOK[state];
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      data-shape={look.shape}
      fill={alarmColourVar(state)}
      stroke="var(--vg-ink)"
      strokeWidth="1"
      strokeLinejoin="round"
      className="shrink-0"
      {...rest}
    >
      {title && <title>{title}</title>}
      {SHAPES[look.shape](`var(--vg-state-${state}-on)`)}
    </svg>
  );
}
