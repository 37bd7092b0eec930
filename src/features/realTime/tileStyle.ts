import type { CSSProperties } from 'react';
import type { TileState } from '../../app/liveDevices/tileLook';

/**
 * A tile's look per state, by the alarm language's emphasis: 事故 solid in its colour (the strongest
 * thing on the wall, never faded), 报警 a strong tint and a thick border, 预警 a tint, 通信异常 dashed,
 * 正常 plain. Sizes are in em of the value text, so they scale with the tile.
 */
export const TILE_STYLE: Record<TileState, CSSProperties> = {
  accident: {
    background: 'var(--vg-state-accident)',
    color: 'var(--vg-state-accident-on)',
    borderColor: 'var(--vg-state-accident)',
    borderWidth: '0.14em',
    boxShadow: '0 0 0 0.1em var(--vg-state-accident), 0 0.1em 0.5em color-mix(in srgb, var(--vg-state-accident) 60%, transparent)',
  },
  alarm: {
    background: 'color-mix(in srgb, var(--vg-state-alarm) 30%, var(--vg-surface))',
    borderColor: 'var(--vg-state-alarm)',
    borderWidth: '0.14em',
  },
  warning: {
    background: 'color-mix(in srgb, var(--vg-state-warning) 24%, var(--vg-surface))',
    borderColor: 'var(--vg-state-warning)',
    borderWidth: '0.09em',
  },
  offline: {
    background: 'var(--vg-surface-2)',
    borderColor: 'var(--vg-state-offline)',
    borderStyle: 'dashed',
    borderWidth: '0.07em',
  },
  normal: {
    background: 'var(--vg-surface)',
    borderColor: 'color-mix(in srgb, var(--vg-state-normal) 55%, var(--vg-line))',
    borderWidth: '0.05em',
  },
};

/** Diagonal hatching over a tile whose data is stale: it reads as "not live" even in a photo of the wall. */
export const STALE_HATCH: CSSProperties = {
  backgroundImage:
    'repeating-linear-gradient(135deg, transparent 0 0.3em, color-mix(in srgb, var(--vg-state-stale) 38%, transparent) 0.3em 0.45em)',
};
