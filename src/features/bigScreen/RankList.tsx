import { BIG_SCREEN_TOP } from '../../../domain/schemas/bigScreen';
import { t, useLanguage } from '../../app/i18n/i18n';

export interface RankRow {
  key: number;
  name: string;
  /** a second line: where a device is */
  sub?: string;
  count: number;
}

/** A row's height in em: one line of leading-tight text, or a name over its 0.85 em place; a little to spare. */
const ROW_EMS = { name: 1.3, withPlace: 2.4 };

/**
 * A top-10 ranking: place, name, a bar against the first and the count. Ten rows share the box's
 * height whatever it is, so the list never runs out of its panel, and their text is smaller when a
 * tenth of the box is less than its lines (the list is a size container: cqh), so it never runs out
 * of its row either (a wall whose headline figures took two lines left 1366×768's rows a pixel short);
 * the bars are in the neutral brand colour (alarm colours belong to levels).
 */
export function RankList({ rows, testId }: { rows: RankRow[] | undefined; testId: string }) {
  useLanguage();
  if (rows && rows.length === 0)
    return <div className="grid h-full place-items-center text-[1rem] text-muted">{t('bigScreen.noRanking')}</div>;
  const max = Math.max(1, ...(rows ?? []).map((r) => r.count));
  const rowEms = rows?.some((r) => r.sub) ? ROW_EMS.withPlace : ROW_EMS.name;
  const fontSize = `min(0.95rem, calc(100cqh / ${BIG_SCREEN_TOP} / ${rowEms}))`;
  return (
    <ol
      className="grid h-full min-h-0"
      style={{ gridTemplateRows: `repeat(${BIG_SCREEN_TOP}, minmax(0, 1fr))`, containerType: 'size' }}
      data-testid={testId}
    >
      {(rows ?? []).map((r, i) => (
        <li
          key={r.key}
          className="grid min-h-0 grid-cols-[1.6em_minmax(0,1fr)_minmax(3em,30%)_2.6em] items-center gap-x-[0.5em] overflow-hidden leading-tight"
          style={{ fontSize }}
          data-testid={`${testId}-row`}
          data-key={r.key}
          data-count={r.count}
        >
          <span className={`text-center font-semibold tabular-nums ${i < 3 ? 'text-brand' : 'text-muted'}`}>{i + 1}</span>
          {/* a device's place under its name: the same eight names repeat in every project */}
          <span className="flex min-w-0 flex-col" title={r.sub ? `${r.name} · ${r.sub}` : r.name}>
            <span className="truncate">{r.name}</span>
            {r.sub && <span className="truncate text-[0.85em] text-muted">{r.sub}</span>}
          </span>
          <span className="h-[0.55em] overflow-hidden rounded-full bg-surface-2">
            <span className="block h-full rounded-full bg-brand" style={{ width: `${(100 * r.count) / max}%` }} />
          </span>
          <b className="text-right tabular-nums">{r.count}</b>
        </li>
      ))}
    </ol>
  );
}
