import type { TenantStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage } from '../i18n/i18n';

/** The platform's enterprise breakdown; a row click filters by that enterprise. */
export function TenantList({
  tenants,
  selectedId,
  onSelect,
}: {
  tenants: TenantStatis[];
  selectedId?: number | undefined;
  onSelect: (id: number | undefined) => void;
}) {
  useLanguage();
  return (
    <div className="h-full overflow-auto" data-testid="tenant-list">
      <table className="w-full table-fixed text-sm">
        <colgroup>
          <col />
          <col className="w-14" />
          <col className="w-14" />
          <col className="w-14" />
          <col className="w-14" />
          <col className="w-14" />
        </colgroup>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th className="py-1.5 pr-2 font-normal">{t('monitor.enterprise')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.projectCount')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.devices')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.abnormal')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.today')}</th>
            <th className="pl-1 text-right font-normal">{t('monitor.active')}</th>
          </tr>
        </thead>
        <tbody>
          {tenants.map((row) => {
            const selected = row.id === selectedId;
            return (
              <tr
                key={row.id}
                data-testid="tenant-row"
                className={`cursor-pointer border-t border-line ${selected ? 'bg-brand/10' : 'hover:bg-surface-2'}`}
                onClick={() => onSelect(selected ? undefined : row.id)}
              >
                <td className="max-w-0 truncate py-1.5 pr-2" title={row.name}>
                  {row.name}
                </td>
                <td className="px-1 text-right tabular-nums">{row.projectCount}</td>
                <td className="px-1 text-right tabular-nums">{row.deviceCount}</td>
                <td className={`px-1 text-right tabular-nums ${row.abnormalDevices ? 'text-danger' : ''}`}>{row.abnormalDevices}</td>
                <td className="px-1 text-right tabular-nums">{row.todayAlarms}</td>
                <td className={`pl-1 text-right font-medium tabular-nums ${row.activeAlarms ? 'text-danger' : ''}`}>{row.activeAlarms}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
