import type { StoreState } from '../../../domain/socketProtocol';
import { alarmColourVar, alarmOnColourVar } from '../../../domain/alarmLanguage';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';
import { formatTime } from '../time/projectTime';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { useOptionalRealtime, type Realtime } from './RealtimeContext';
import { useStoreNotice } from './storeNotice';

const CAUSE: Record<Exclude<StoreState, 'ok'>, MessageKey> = {
  unreachable: 'storeBanner.unreachable',
  full: 'storeBanner.full',
  read_only: 'storeBanner.readOnly',
};

/**
 * While the server's store is away or refuses writes (PostgreSQL unreachable, a full or read-only
 * disk; issue 34) a bar in the layout says so — in the 预警 look, above the content, never over it:
 * the screens keep the latest values and alarms, readable; new readings and changes cannot be saved
 * meanwhile, and the bar says since when. It goes as soon as the server says the store writes again.
 */
export function StoreBanner() {
  const realtime = useOptionalRealtime();
  if (!realtime) return null;
  return <Banner realtime={realtime} />;
}

function Banner({ realtime }: { realtime: Realtime }) {
  useLanguage();
  const notice = useStoreNotice(realtime.storeNotice);
  if (notice.state === 'ok') return null;
  return (
    <div
      role="status"
      data-testid="store-banner"
      data-state={notice.state}
      style={{ background: alarmColourVar('warning'), color: alarmOnColourVar('warning') }}
      className="flex flex-wrap items-center justify-center gap-x-[1em] gap-y-1 px-4 py-[0.3em] text-[max(14px,1.6vh)]"
    >
      <span className="flex items-center gap-[0.4em] font-semibold">
        {/* on a chip of the surface: the 预警 diamond would vanish on its own colour */}
        <span className="flex items-center rounded bg-surface px-[0.3em] py-[0.1em]">
          <AlarmIcon state="warning" size="1em" />
        </span>
        {t(CAUSE[notice.state])}
      </span>
      <span>{t('storeBanner.effect')}</span>
      {notice.since !== null && <span>{t('storeBanner.since', { time: formatTime(notice.since, 'HH:mm:ss') })}</span>}
    </div>
  );
}
