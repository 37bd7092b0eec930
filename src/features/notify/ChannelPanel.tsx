import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChannelDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ChannelFormDialog } from './ChannelFormDialog';
import { ChannelTestDialog } from './ChannelTestDialog';
import { notifyApi, notifyQueries } from './notifyApi';
import { useNotifyList } from './useNotifyList';
import { directoryQueries } from '../../app/api/directory';
import type { TenantDto } from '../../../domain/schemas/auth';
import { kindText } from './notifyText';

const NO_TENANTS: TenantDto[] = [];

/** What a channel sends to, as the list shows it: its URL, or the mail server and sender (secrets arrive masked). */
const targetOf = (c: ChannelDto) =>
  c.kind === 'email'
    ? `${String(c.config.host ?? '')}:${String(c.config.port ?? '')} · ${String(c.config.from ?? '')}`
    : String(c.config.url ?? '');

/** 系统配置 → 通知渠道: the tenant's channels; create, edit, delete, and 测试发送 per channel. */
export function ChannelPanel() {
  useLanguage();
  const tenants = useQuery(directoryQueries.tenants());
  const channels = useNotifyList(notifyQueries.channels(), t('term.channel'), notifyApi.deleteChannel);
  const tenantList = tenants.data ?? NO_TENANTS;
  const [testing, setTesting] = useState<ChannelDto | undefined>();
  const columns = useMemo<Column<ChannelDto>[]>(
    () => [
      { id: 'name', header: t('notify.channelName'), value: (c) => c.name, width: 180 },
      ...(tenantList.length > 1
        ? [
            {
              id: 'tenant',
              header: t('users.tenant'),
              value: (c: ChannelDto) => tenantList.find((x) => x.id === c.tenantId)?.name,
              width: 140,
            },
          ]
        : []),
      { id: 'kind', header: t('notify.kind'), value: (c) => kindText(c.kind), width: 130 },
      {
        id: 'target',
        header: t('notify.url'),
        value: targetOf,
        cell: (c) => (
          <span translate="no" className="font-mono text-xs" title={targetOf(c)}>
            {targetOf(c)}
          </span>
        ),
      },
      { id: 'enabled', header: t('notify.enabled'), value: (c) => t(c.enabled ? 'notify.yes' : 'notify.no'), width: 90 },
      { id: 'secret', header: t('notify.secret'), value: (c) => (c.hasSecret ? '******' : '--'), width: 100, sortable: false },
      {
        id: 'test',
        header: t('alarmEvent.action'),
        value: () => '',
        sortable: false,
        width: 120,
        cell: (c) => (
          <button
            type="button"
            className="text-brand hover:underline"
            data-testid="channel-test"
            onClick={(e) => (e.stopPropagation(), setTesting(c))}
          >
            {t('notify.test')}
          </button>
        ),
      },
    ],
    [tenantList],
  );
  return (
    <>
      <DataTable testId="channel-table" columns={columns} {...channels.table} exportable={false} />
      <ChannelFormDialog {...channels.dialog} tenants={tenantList} />
      <ChannelTestDialog channel={testing} onClose={() => setTesting(undefined)} />
    </>
  );
}
