import type { ReactNode } from 'react';

/**
 * States that are not alarm levels (活动/已结束, 未确认/已确认, 正在通信/未知…) in neutral ink, told apart by
 * shape, never by an alarm level's colour (issue 30: 活动 in red and 未确认 in 报警 orange read as alarms).
 */
export type StateShape = 'on' | 'off' | 'pending' | 'done' | 'unknown';

const SHAPE: Record<StateShape, ReactNode> = {
  // filled dot: going on (活动, 正在通信)
  on: <circle cx="6" cy="6" r="4" fill="currentColor" />,
  // hollow dot: over or out (已结束, 手动退出)
  off: <circle cx="6" cy="6" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />,
  // hollow square: waiting for someone (未确认)
  pending: <rect x="2.5" y="2.5" width="7" height="7" fill="none" stroke="currentColor" strokeWidth="1.5" />,
  // tick: done (已确认)
  done: <path d="M2.5 6.5 5 9l4.5-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />,
  // dash: not known
  unknown: <path d="M3 6h6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />,
};

export function StateMark({ shape, children, muted = false }: { shape: StateShape; children: ReactNode; muted?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-1 ${muted ? 'text-muted' : 'text-ink'}`} data-shape={shape}>
      <svg viewBox="0 0 12 12" width="0.75em" height="0.75em" aria-hidden className="shrink-0">
        {SHAPE[shape]}
      </svg>
      {children}
    </span>
  );
}
