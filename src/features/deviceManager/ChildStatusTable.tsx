import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChildStatusDto, TreeLabel } from '../../../domain/schemas/ledger';

import { t, useLanguage } from '../../app/i18n/i18n';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ledgerQueries } from './ledgerApi';
import { levelText } from './ledgerText';
import { deviceStatusText } from '../../app/i18n/enumText';

/** Each child of the selected node with its device counts, status and active alarms. */
export function ChildStatusTable({ node }: { node: { modelLabel: TreeLabel; id: number } }) {
  useLanguage();
  const { modelLabel, id } = node;
  const list = useQuery(ledgerQueries.childStatus({ modelLabel, id }));
  const columns = useMemo<Column<ChildStatusDto>[]>(
    () => [
      { id: 'name', header: t('ledger.name'), value: (r) => r.name },
      { id: 'level', header: t('ledger.level'), value: (r) => levelText(r.modelLabel) },
      { id: 'count', header: t('ledger.deviceCount'), value: (r) => r.deviceCount },
      {
        id: 'normal',
        header: t('ledger.normalCount'),
        value: (r) => r.normalCount,
        cell: (r) => <span className="text-ok">{r.normalCount}</span>,
      },
      {
        id: 'abnormal',
        header: t('ledger.abnormalCount'),
        value: (r) => r.abnormalCount,
        cell: (r) => <span className={r.abnormalCount ? 'text-danger' : ''}>{r.abnormalCount}</span>,
      },
      { id: 'alarms', header: t('ledger.activeAlarmCount'), value: (r) => r.activeAlarmCount },
      {
        id: 'status',
        header: t('ledger.status'),
        value: (r) => (r.devicestatus !== undefined ? deviceStatusText(r.devicestatus) : null),
      },
    ],
    [],
  );
  return (
    <DataTable
      testId="child-status-table"
      columns={columns}
      data={list.data ?? []}
      load={list}
      getRowId={(r) => `${r.modelLabel}:${r.id}`}
    />
  );
}
