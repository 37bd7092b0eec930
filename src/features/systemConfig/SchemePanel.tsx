import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AccessConfigDto, AccessSchemeDto } from '../../../domain/schemas/info';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { SchemeFormDialog } from './SchemeFormDialog';
import { accessTypeText } from '../../app/i18n/enumText';

/** Access schemes from the device access config; create and delete (a scheme in use is refused). */
export function SchemePanel() {
  useLanguage();
  const config = useQuery({
    queryKey: queryKeys.ledger.accessConfig(),
    queryFn: () => api.get<AccessConfigDto>('/wisdompower/v1/system/device/access/config'),
  });
  const invalidate = useInvalidate();
  const [creating, setCreating] = useState(false);
  const columns = useMemo<Column<AccessSchemeDto>[]>(
    () => [
      { id: 'name', header: t('system.schemeName'), value: (s) => s.name },
      { id: 'type', header: t('system.accessType'), value: (s) => accessTypeText(s.accesstype) },
      { id: 'host', header: t('system.host'), value: (s) => s.host },
      { id: 'port', header: t('system.port'), value: (s) => s.port },
      { id: 'devices', header: t('system.deviceCount'), value: (s) => s.deviceCount },
      { id: 'remark', header: t('system.remark'), value: (s) => s.remark },
    ],
    [],
  );
  return (
    <>
      <DataTable
        testId="scheme-table"
        columns={columns}
        data={config.data?.schemes ?? []}
        load={config}
        getRowId={(s) => String(s.id)}
        onCreate={() => setCreating(true)}
        target={{ noun: t('term.scheme'), name: (r) => r.name }}
        onDelete={async (rows) => {
          await api.del('/wisdompower/v1/system/device/access/equipaccessscheme', { ids: rows.map((r) => r.id) });
          invalidate(queryKeys.ledger.all);
        }}
      />
      <SchemeFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => (setCreating(false), invalidate(queryKeys.ledger.all))}
      />
    </>
  );
}
