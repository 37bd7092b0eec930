import type { TenantStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage } from '../i18n/i18n';
import { FiguresTable } from './FiguresTable';

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
    <FiguresTable
      testId="tenant-list"
      rows={tenants}
      selectedId={selectedId}
      onSelect={onSelect}
      nameHead={t('monitor.enterprise')}
      nameCell={(row) => (
        <td className="max-w-0 truncate py-1.5 pr-2" title={row.name}>
          {row.name}
        </td>
      )}
      leading={{ head: t('monitor.projectCount'), value: (row) => row.projectCount }}
      colClassName="w-14"
      headClassName="text-left text-xs text-muted"
    />
  );
}
