import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { t, useLanguage } from '../i18n/i18n';
import { Modal } from '../ui/Modal';
import { DateSelector } from '../widgets/dateSelector/DateSelector';
import { defaultRange, toWire, type DateRange } from '../widgets/dateSelector/dateRange';
import { useSession } from '../session/SessionContext';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { levelState } from '../../../domain/alarmLanguage';
import { levelLabel } from '../monitor/palette';
import { TableHead } from '../ui/TableHead';

interface MessageRow {
  seq: number;
  recordTime: string;
  logTypeName: string;
  content: string;
  /** an alarm's EVENT_LEVEL, drawn in the alarm language; null for other messages */
  level: number | null;
}

/** Spec: content longer than 60 characters is flagged in colour. */
const LONG_CONTENT = 60;
/** Rows fetched per page; the next page loads as the list is scrolled near its end. */
const PAGE = 200;
const NEAR_END_PX = 200;

/** 信息中心 (spec §2): the message log of the user, by day, week or month, 500 px high, every row reachable. */
export function MessageCenterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useLanguage();
  const { user } = useSession();
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  // Each opening reads from the first page again; so does a new range (both are in the key).
  const [opening, setOpening] = useState(0);
  const close = () => (setOpening((n) => n + 1), onClose());
  const log = useInfiniteQuery({
    queryKey: queryKeys.messageLog(user?.id ?? 0, range, opening),
    queryFn: ({ pageParam }) =>
      request<MessageRow[]>('POST', '/messageServer/v1/log', {
        noticeMode: 4,
        startTime: toWire(range.start),
        endTime: toWire(range.end),
        receiver: user!.id,
        page: { index: pageParam, limit: PAGE },
      }),
    initialPageParam: 0,
    // the next page while the last one came full and the log holds more than is shown
    getNextPageParam: (last, all) => (last.data.length < PAGE || all.length * PAGE >= (last.total ?? 0) ? undefined : all.length),
    enabled: open && !!user,
    // an earlier opening's or range's rows never stand in, and are dropped once left
    placeholderData: undefined,
    gcTime: 0,
  });
  // Pages are fetched in order; a row already shown (the log grew meanwhile) is not shown twice.
  const rows = useMemo(() => {
    const bySeq = new Map<number, MessageRow>();
    for (const page of log.data?.pages ?? []) for (const r of page.data) if (!bySeq.has(r.seq)) bySeq.set(r.seq, r);
    return [...bySeq.values()];
  }, [log.data]);
  const total = log.data?.pages.at(-1)?.total ?? rows.length;

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (log.isFetching || !log.hasNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) void log.fetchNextPage();
  };

  return (
    <Modal open={open} onClose={close} title={t('messageCenter.title')} width={960} closable>
      <div className="mb-3 flex items-center justify-between">
        <DateSelector value={range} onChange={setRange} types={['day', 'week', 'month']} />
        <span className="text-xs text-muted" data-testid="message-center-total">
          {t('bell.count', { count: total })}
        </span>
      </div>
      <div className="h-[31.25rem] overflow-y-auto rounded border border-line" data-testid="message-center" onScroll={onScroll}>
        <table className="w-full text-sm">
          <TableHead
            className="sticky top-0 bg-surface-2 text-left text-muted"
            cellClassName="px-3 py-2"
            cells={[
              { label: t('messageCenter.index'), className: 'w-16' },
              { label: t('messageCenter.recordTime'), className: 'w-48' },
              { label: t('messageCenter.type'), className: 'w-36' },
              t('messageCenter.content'),
            ]}
          />
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.seq} className="border-t border-line">
                <td className="px-3 py-1.5 text-muted">{i + 1}</td>
                <td className="px-3 py-1.5 font-mono text-xs">{r.recordTime}</td>
                <td className="px-3 py-1.5" data-level={r.level ?? undefined}>
                  <span className="inline-flex items-center gap-1.5">
                    {r.level !== null && <AlarmIcon state={levelState(r.level)} size="1.05em" title={levelLabel(r.level)} />}
                    {r.logTypeName}
                  </span>
                </td>
                <td
                  className={`px-3 py-1.5 ${r.content.length > LONG_CONTENT ? 'text-warn' : ''}`}
                  data-long={r.content.length > LONG_CONTENT || undefined}
                >
                  {r.content}
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className="p-8 text-center text-muted">
                  {t('bell.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
