import { memo } from 'react';
import { t, useLanguage } from '../../app/i18n/i18n';
import { measureGroups } from './historyModel';
import { measureChartText, measureText } from '../../app/i18n/measureText';

const GROUPS = measureGroups();

/**
 * The measure picker, grouped by the device's trend groups. Memoized: a new range renders the screen,
 * not the picker.
 */
export const MeasurePicker = memo(function MeasurePicker({
  value,
  onChange,
}: {
  value: readonly number[];
  onChange: (next: number[]) => void;
}) {
  useLanguage();
  const toggle = (dataId: number, on: boolean) => onChange(on ? [...value, dataId] : value.filter((d) => d !== dataId));
  return (
    <fieldset className="flex flex-wrap gap-2" data-testid="measure-picker">
      <legend className="sr-only">{t('history.measures')}</legend>
      {GROUPS.map((g) => (
        <div key={g.title} className="flex items-center gap-2 rounded border border-line px-2 py-1 text-sm">
          <span className="text-xs text-muted">{measureChartText(g.title)}</span>
          {g.measures.map((m) => (
            <label key={m.dataId} className="inline-flex cursor-pointer items-center gap-1">
              <input
                type="checkbox"
                data-measure={m.dataId}
                checked={value.includes(m.dataId)}
                onChange={(e) => toggle(m.dataId, e.target.checked)}
                className="accent-brand"
              />
              {measureText(m.dataId)}
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
});
