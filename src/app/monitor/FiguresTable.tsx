import type { ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { TableHead } from '../ui/TableHead';

/** The figures every row of a monitor list carries (a project's, an enterprise's). */
interface Figures {
  id: number;
  deviceCount: number;
  abnormalDevices: number;
  todayAlarms: number;
  activeAlarms: number;
}

const NUMBER = 'px-1 text-right tabular-nums';

/**
 * A monitor list: a row per project or enterprise with its name and figures (devices, abnormal ones,
 * today's alarms, active alarms in red when there are any). A row click selects it (the same filter
 * as a map click), clicking the selected row again clears it.
 */
export function FiguresTable<R extends Figures>({
  testId,
  rows,
  selectedId,
  onSelect,
  nameHead,
  nameCell,
  leading,
  colClassName,
  headClassName,
  emptyText,
}: {
  /** the list's test id; its rows are `<kind>-row`, their active count `<kind>-active` */
  testId: `${string}-list`;
  rows: readonly R[];
  selectedId?: number | undefined;
  onSelect: (id: number | undefined) => void;
  nameHead: string;
  nameCell: (row: R, selected: boolean) => ReactNode;
  /** a figure shown before the shared ones (an enterprise's project count) */
  leading?: { head: string; value: (row: R) => number };
  /** the width of a figure's column */
  colClassName: string;
  headClassName: string;
  /** the row shown when there are none (none: an empty list) */
  emptyText?: string;
}) {
  const kind = testId.slice(0, -'-list'.length);
  const figureHeads = [...(leading ? [leading.head] : []), t('monitor.devices'), t('monitor.abnormal'), t('monitor.today')];
  return (
    <div className="h-full overflow-auto" data-testid={testId}>
      <table className="w-full table-fixed text-sm">
        <colgroup>
          <col />
          {[...figureHeads, 'active'].map((h) => (
            <col key={h} className={colClassName} />
          ))}
        </colgroup>
        <TableHead
          className={headClassName}
          cellClassName="font-normal"
          cells={[
            { label: nameHead, className: 'py-1.5 pr-2' },
            ...figureHeads.map((label) => ({ label, className: 'px-1 text-right' })),
            { label: t('monitor.active'), className: 'pl-1 text-right' },
          ]}
        />
        <tbody>
          {rows.map((row) => {
            const selected = row.id === selectedId;
            return (
              <tr
                key={row.id}
                data-testid={`${kind}-row`}
                data-row-id={row.id}
                aria-selected={selected}
                className={`cursor-pointer border-t border-line ${selected ? 'bg-brand/10' : 'hover:bg-surface-2'}`}
                onClick={() => onSelect(selected ? undefined : row.id)}
              >
                {nameCell(row, selected)}
                {leading && <td className={NUMBER}>{leading.value(row)}</td>}
                <td className={NUMBER}>{row.deviceCount}</td>
                <td className={`${NUMBER} ${row.abnormalDevices ? 'text-danger' : ''}`}>{row.abnormalDevices}</td>
                <td className={NUMBER}>{row.todayAlarms}</td>
                <td
                  className={`pl-1 text-right font-medium tabular-nums ${row.activeAlarms ? 'text-danger' : ''}`}
                  data-testid={`${kind}-active`}
                >
                  {row.activeAlarms}
                </td>
              </tr>
            );
          })}
          {rows.length === 0 && emptyText && (
            <tr>
              <td colSpan={figureHeads.length + 2} className="py-6 text-center text-muted">
                {emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
