/** A sortable header's mark: ▲ or ▼ in the brand colour on the column sorted by, a faint ↕ on the others. */
export function SortMark({ dir }: { dir: 'asc' | 'desc' | undefined }) {
  return (
    <span aria-hidden className={dir ? 'text-brand' : 'opacity-40'}>
      {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
    </span>
  );
}
