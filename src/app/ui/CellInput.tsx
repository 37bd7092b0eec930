import type { InputHTMLAttributes } from 'react';

/** A text input in a cell of an editable table (a row per measure or column), named for screen readers by its column. */
export function CellInput({
  label,
  onValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'aria-label'> & { label: string; onValue: (value: string) => void }) {
  return (
    <td className="py-1 pr-2">
      <input aria-label={label} {...props} onChange={(e) => onValue(e.target.value)} />
    </td>
  );
}
