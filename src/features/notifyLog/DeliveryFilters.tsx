import { useState } from 'react';
import { DELIVERY_STATUSES, type ChannelDto, type DeliveryListRequest, type DeliveryStatus } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { parseProjectTime } from '../../app/time/projectTime';
import { FieldLabel, QueryButton } from '../../app/ui/fields';
import { SelectField } from '../../app/widgets/SelectField';
import { TimeTextField } from '../../app/widgets/TimeTextField';
import { statusText } from '../notify/notifyText';

export interface DeliveryFilterValue {
  status: DeliveryStatus | '';
  channelId: string;
  start: string;
  end: string;
}
export const EMPTY_DELIVERY_FILTER: DeliveryFilterValue = { status: '', channelId: '', start: '', end: '' };

/** The request filter: the time fields (yyyy-MM-dd HH:mm) are project time (the one time-zone rule); the range is [start, end). */
export function toDeliveryFilter(f: DeliveryFilterValue): DeliveryListRequest['filter'] {
  const start = f.start ? parseProjectTime(f.start) : null;
  const end = f.end ? parseProjectTime(f.end) : null;
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.channelId ? { channelId: Number(f.channelId) } : {}),
    ...(start !== null ? { startTime: start } : {}),
    ...(end !== null ? { endTime: end } : {}),
  };
}

/** Status, channel and time range of the 通知记录 list. */
export function DeliveryFilters({ channels, onSearch }: { channels: ChannelDto[]; onSearch: (f: DeliveryFilterValue) => void }) {
  useLanguage();
  const [f, setF] = useState(EMPTY_DELIVERY_FILTER);
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => (e.preventDefault(), onSearch(f))} data-testid="delivery-filters">
      <SelectField
        className="w-36"
        label={t('notify.status')}
        name="status"
        value={f.status}
        onChange={(status) => setF({ ...f, status: status as DeliveryStatus | '' })}
        placeholder={t('notify.allStatus')}
        options={DELIVERY_STATUSES.map((s) => ({ value: s, label: statusText(s) }))}
      />
      <SelectField
        className="w-48"
        label={t('notify.channel')}
        name="channelId"
        value={f.channelId}
        onChange={(channelId) => setF({ ...f, channelId })}
        placeholder={t('notify.allChannels')}
        options={channels.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <FieldLabel label={t('notify.start')}>
        <TimeTextField
          shape="datetime"
          name="start"
          label={t('notify.start')}
          value={f.start}
          onChange={(start) => setF({ ...f, start })}
        />
      </FieldLabel>
      <FieldLabel label={t('notify.end')}>
        <TimeTextField shape="datetime" name="end" label={t('notify.end')} value={f.end} onChange={(end) => setF({ ...f, end })} />
      </FieldLabel>
      <QueryButton />
    </form>
  );
}
