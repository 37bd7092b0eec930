import type { ReactNode } from 'react';

/** A header cell: its label, and the classes of its own (width, alignment) added to the ones all cells share. */
export type HeadCell = ReactNode | { label: ReactNode; className: string };

const isOwn = (cell: HeadCell): cell is { label: ReactNode; className: string } =>
  typeof cell === 'object' && cell !== null && 'label' in cell && 'className' in cell;

/**
 * The header row of a plain table (a dialog's, a panel's or a list's; DataTable draws its own): one
 * cell per label, in the look the caller gives the head, its row and every cell.
 */
export function TableHead({
  cells,
  className,
  rowClassName,
  cellClassName = '',
  spacing = '',
}: {
  cells: readonly HeadCell[];
  className?: string;
  rowClassName?: string;
  cellClassName?: string;
  /** the space between columns: a right padding on every cell but the last */
  spacing?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {cells.map((cell, i) => {
          const own = isOwn(cell) ? cell : { label: cell, className: '' };
          const classes = [cellClassName, i < cells.length - 1 ? spacing : '', own.className].filter(Boolean).join(' ');
          return (
            // the cells are a fixed list: their place is their identity
            <th key={i} className={classes || undefined}>
              {own.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
