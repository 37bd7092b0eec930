import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { t, useLanguage } from '../../i18n/i18n';
import { GearIcon } from '../../ui/icons';

/** 列设置: which optional columns to show, remembered for this user; 恢复默认 gives the choice back to the width. */
export function ColumnChooser({
  columns,
  shown,
  chosen,
  onChoose,
}: {
  columns: { id: string; label: string }[];
  shown: ReadonlySet<string>;
  chosen: boolean;
  onChoose: (ids: string[] | null) => void;
}) {
  useLanguage();
  const toggle = (id: string) => onChoose(columns.map((c) => c.id).filter((c) => (c === id ? !shown.has(c) : shown.has(c))));
  return (
    <Popover className="relative">
      <PopoverButton
        className="rounded p-1 text-muted hover:bg-surface hover:text-ink"
        data-testid="column-chooser"
        aria-label={t('table.columns')}
        title={t('table.columns')}
      >
        <GearIcon width="1rem" height="1rem" />
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-1 w-56 rounded border border-line bg-surface p-2 text-sm font-normal text-ink shadow-xl"
      >
        <ul>
          {columns.map((c) => (
            <li key={c.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 hover:bg-surface-2">
                <input type="checkbox" name={`column-${c.id}`} checked={shown.has(c.id)} onChange={() => toggle(c.id)} />
                {c.label}
              </label>
            </li>
          ))}
        </ul>
        <button
          type="button"
          disabled={!chosen}
          onClick={() => onChoose(null)}
          className="mt-1 w-full rounded px-2 py-1 text-left text-brand hover:bg-surface-2 disabled:text-muted"
        >
          {t('table.columnsDefault')}
        </button>
      </PopoverPanel>
    </Popover>
  );
}
