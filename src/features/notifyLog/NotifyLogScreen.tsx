import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChannelDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { DataTable } from '../../app/widgets/table/DataTable';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { usePagedList } from '../../app/widgets/table/usePaging';
import { queryKeys } from '../../app/api/queryKeys';
import { notifyApi, notifyQueries } from '../notify/notifyApi';
import { useDeliveryColumns } from './deliveryColumns';
import { DeliveryFilters, EMPTY_DELIVERY_FILTER, toDeliveryFilter, type DeliveryFilterValue } from './DeliveryFilters';

/** /notifyLog: every notification sent or still to send, newest first; filter, page, resend a failed one. */
export default function NotifyLogScreen() {
  useLanguage();
  const [filter, setFilter] = useState<DeliveryFilterValue>(EMPTY_DELIVERY_FILTER);
  const deliveries = usePagedList((page) => notifyQueries.deliveries({ page, filter: toDeliveryFilter(filter) }));
  // An event manager without 系统配置 may not list the channels: the filter then offers 全部 only.
  const channels = useQuery({
    queryKey: queryKeys.notify.channelChoices(),
    queryFn: () => notifyApi.channels({ quiet: true }).catch(() => [] as ChannelDto[]),
  });
  const { columns, reload } = useDeliveryColumns(deliveries.list, true);
  return (
    <ScreenFrame
      title={t('route.notifyLog')}
      testId="notify-log"
      filters={<DeliveryFilters channels={channels.data ?? []} onSearch={(f) => (setFilter(f), deliveries.firstPage())} />}
    >
      <DataTable
        testId="delivery-table"
        columns={columns}
        {...deliveries.table}
        getRowId={(d) => d.id}
        actions={<Button onClick={reload}>{t('alarmEvent.refresh')}</Button>}
      />
    </ScreenFrame>
  );
}
