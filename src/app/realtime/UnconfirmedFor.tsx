import { t } from '../i18n/i18n';
import { durationText } from '../i18n/durationText';
import { useNowAs } from '../widgets/useNow';

/**
 * How long an escalation has gone unconfirmed ("已 12 秒未确认", then "已 16 分钟未确认"). It renders when
 * those words change: each second under a minute, then once a minute. An escalation is 15 minutes old
 * at least, so on a wall with one open the banner no longer renders at every tick of the clock.
 */
export function UnconfirmedFor({ since }: { since: number }) {
  const duration = useNowAs((now) => durationText((now - since) / 1000, 'elapsed'));
  return <span>{t('escalation.unconfirmedFor', { duration })}</span>;
}
