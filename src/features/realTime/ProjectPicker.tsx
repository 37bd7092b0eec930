import { t, useLanguage } from '../../app/i18n/i18n';
import type { Station } from '../../app/liveDevices/useStations';

/** Which projects the wall shows; none chosen means all visible projects. */
export function ProjectPicker({
  stations,
  chosen,
  onChange,
}: {
  stations: Station[];
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  useLanguage();
  const toggle = (id: number) => onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm" data-testid="project-picker">
      <button
        type="button"
        onClick={() => onChange([])}
        className={`rounded-full border px-3 py-0.5 ${chosen.length === 0 ? 'border-brand bg-brand text-brand-ink' : 'border-line'}`}
      >
        {t('wall.allProjects')}
      </button>
      {stations.map((s) => (
        <button
          key={s.id}
          type="button"
          aria-pressed={chosen.includes(s.id)}
          onClick={() => toggle(s.id)}
          className={`rounded-full border px-3 py-0.5 ${chosen.includes(s.id) ? 'border-brand bg-brand text-brand-ink' : 'border-line'}`}
        >
          {s.name}
          <span className="ml-1 opacity-70">{s.deviceCount}</span>
        </button>
      ))}
    </div>
  );
}
