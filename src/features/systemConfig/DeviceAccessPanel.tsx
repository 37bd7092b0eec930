import { useMemo, useState } from 'react';
import { ACCESS_TYPE } from '../../../domain/enums';
import type { DeviceAccessRow } from '../../../domain/schemas/info';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { FieldLabel, QueryButton } from '../../app/ui/fields';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { SelectField } from '../../app/widgets/SelectField';
import { queryKeys } from '../../app/api/queryKeys';
import { accessTypeText } from '../../app/i18n/enumText';
import { usePagedList } from '../../app/widgets/table/usePaging';

const listDevices = (body: object) => api.page<DeviceAccessRow>('/wisdompower/v1/system/query/device/access/list', body);

/** Devices with their access type and scheme, paged on the server. */
export function DeviceAccessPanel() {
  useLanguage();
  const [draft, setDraft] = useState({ accesstype: '', keyword: '' });
  const [filter, setFilter] = useState(draft);
  const body = (filter: { accesstype: string; keyword: string }, p: { index: number; limit: number }) => ({
    ...(filter.accesstype ? { accesstype: Number(filter.accesstype) } : {}),
    keyword: filter.keyword || undefined,
    page: p,
  });
  const devices = usePagedList((page) => {
    const asked = body(filter, page);
    return { queryKey: queryKeys.ledger.deviceAccess(asked), queryFn: () => listDevices(asked) };
  });
  const columns = useMemo<Column<DeviceAccessRow>[]>(
    () => [
      { id: 'name', header: t('system.deviceName'), value: (d) => d.name },
      { id: 'code', header: t('system.deviceCode'), value: (d) => d.code },
      { id: 'project', header: t('system.project'), value: (d) => d.projectName },
      { id: 'type', header: t('system.accessType'), value: (d) => accessTypeText(d.accesstype) },
      { id: 'scheme', header: t('system.scheme'), value: (d) => d.schemeName },
    ],
    [],
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <form
        className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface px-3 pt-3"
        onSubmit={(e) => (e.preventDefault(), setFilter(draft), devices.firstPage())}
      >
        <SelectField
          className="w-48"
          label={t('system.accessType')}
          value={draft.accesstype}
          onChange={(accesstype) => setDraft({ ...draft, accesstype })}
          options={ACCESS_TYPE.list.map((a) => ({ value: String(a.id), label: accessTypeText(a.id) }))}
        />
        <FieldLabel label={t('system.keyword')}>
          <input
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            className="w-56 rounded border border-line bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand"
          />
        </FieldLabel>
        <QueryButton />
      </form>
      <DataTable
        testId="device-access-table"
        columns={columns}
        {...devices.table}
        getRowId={(d) => String(d.id)}
        exportRows={async () => (await listDevices(body(filter, { index: 0, limit: 1000 }))).rows}
      />
    </div>
  );
}
