import { useMemo, useState } from 'react';
import { formatTime } from '../../app/time/projectTime';
import type { CustomPropertyDto, NodeRef, TerminalRowDto } from '../../../domain/schemas/ledger';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { StateMark } from '../../app/ui/StateMark';
import { deviceStatusShape } from '../../app/ui/stateShapes';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { defaultExportName, saveBlob } from '../../app/widgets/table/exportXlsx';
import { useDebouncedValue } from '../../app/widgets/useDebouncedValue';
import { UNSORTED, type SortState } from '../../app/widgets/table/sorting';
import { ledgerApi, ledgerQueries } from './ledgerApi';
import { accessTypeText, deviceStatusText } from '../../app/i18n/enumText';
import { usePagedList } from '../../app/widgets/table/usePaging';

interface Props {
  parent: NodeRef | undefined;
  props: CustomPropertyDto[];
  onCreate?: (() => void) | undefined;
  onEdit?: ((row: TerminalRowDto) => void) | undefined;
  onDelete?: ((rows: TerminalRowDto[]) => Promise<void>) | undefined;
  rowActions: { label: string; run: (row: TerminalRowDto) => void }[];
}

/** Terminals under the selected node, paged on the server, with the tenant's custom columns. */
export function DeviceTable({ parent, props, onCreate, onEdit, onDelete, rowActions }: Props) {
  useLanguage();
  const [sort, setSort] = useState<SortState>(UNSORTED);
  const [keyword, setKeyword] = useState('');
  const settled = useDebouncedValue(keyword, 400);
  const parentLabel = parent?.modelLabel;
  const parentId = parent?.id;
  const terminals = usePagedList((page) =>
    ledgerQueries.terminals({
      parent: parentLabel !== undefined && parentId !== undefined ? { modelLabel: parentLabel, id: parentId } : undefined,
      keyword: settled || undefined,
      page,
      ...(sort.by ? { orders: [{ propertyLabel: sort.by, orderType: sort.dir }] } : {}),
    }),
  );
  const custom = useMemo(
    () => [...new Map(props.filter((p) => p.objectlabel === 'terminal' && p.status).map((p) => [p.propertylabel, p])).values()],
    [props],
  );
  const columns = useMemo<Column<TerminalRowDto>[]>(
    () => [
      { id: 'name', sortKey: 'name', header: t('ledger.deviceName'), value: (r) => r.name },
      { id: 'code', sortKey: 'code', header: t('device.code'), value: (r) => r.code },
      { id: 'project', sortKey: 'projectName', header: t('ledger.project'), value: (r) => r.projectName },
      {
        id: 'status',
        sortKey: 'devicestatus',
        header: t('ledger.status'),
        value: (r) => deviceStatusText(r.devicestatus),
        cell: (r) => <StateMark shape={deviceStatusShape(r.devicestatus)}>{deviceStatusText(r.devicestatus)}</StateMark>,
      },
      { id: 'type', sortKey: 'devicetype', header: t('device.type'), value: (r) => r.devicetype },
      { id: 'vendor', sortKey: 'vendor', header: t('device.vendor'), value: (r) => r.vendor },
      { id: 'location', sortKey: 'location', header: t('device.location'), value: (r) => r.location },
      {
        id: 'installdate',
        sortKey: 'installdate',
        header: t('ledger.installdate'),
        value: (r) => (r.installdate ? formatTime(r.installdate, 'yyyy-MM-dd') : null),
      },
      { id: 'access', sortKey: 'accesstype', header: t('ledger.accesstype'), value: (r) => accessTypeText(r.accesstype) },
      { id: 'scheme', sortKey: 'schemeName', header: t('ledger.scheme'), value: (r) => r.schemeName },
      ...custom.map((p) => ({
        id: `x_${p.propertylabel}`,
        header: p.propertyalias,
        value: (r: TerminalRowDto) => r.extendvalue[p.propertylabel],
      })),
    ],
    [custom],
  );
  const exportAll = async () => {
    const blob = await ledgerApi.exportDevices(parent, settled).catch(() => null);
    if (blob) saveBlob(blob, `${defaultExportName()}.xlsx`);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <input
        type="search"
        value={keyword}
        onChange={(e) => (setKeyword(e.target.value), terminals.firstPage())}
        placeholder={t('ledger.keyword')}
        aria-label={t('ledger.keyword')}
        className="w-72 rounded border border-line bg-surface-2 px-3 py-1.5 text-sm text-ink outline-none focus:border-brand"
      />
      <DataTable
        testId="device-table"
        columns={columns}
        {...terminals.table}
        getRowId={(r) => String(r.id)}
        sort={{ state: sort, onChange: (next) => (setSort(next), terminals.firstPage()) }}
        onCreate={onCreate}
        onEdit={onEdit}
        target={{ noun: t('term.device'), name: (r) => r.name }}
        onDelete={onDelete}
        rowActions={rowActions}
        exportable={false}
        actions={
          <Button className="ml-auto" onClick={() => void exportAll()}>
            {t('ledger.exportDevices')}
          </Button>
        }
      />
    </div>
  );
}
