/** A labelled native select whose value is always one of its options (no empty "all" choice). */
export function ChoiceField<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <label className="mb-3 block text-sm">
      <span className="mb-1 block text-muted">{label}</span>
      <select
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className="w-full rounded border border-line bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
