import { useEffect, useRef, useState } from 'react';
import { request } from '../api/client';
import { t, useLanguage } from '../i18n/i18n';
import { Modal } from '../ui/Modal';
import { DateSelector } from '../widgets/dateSelector/DateSelector';
import { defaultRange, toWire, type DateRange } from '../widgets/dateSelector/dateRange';
import { useSession } from '../session/SessionContext';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { levelState } from '../../../domain/alarmLanguage';
import { levelLabel } from '../monitor/palette';

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
  const [rows, setRows] = useState<MessageRow[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const loading = useRef(false);

  // A new range (or a reopened dialog) starts from the first page again.
  useEffect(() => {
    setRows([]);
    setPages(1);
  }, [open, range]);

  useEffect(() => {
    if (!open || !user) return;
    let live = true;
    const index = pages - 1;
    loading.current = true;
    request<MessageRow[]>('POST', '/messageServer/v1/log', {
      noticeMode: 4,
      startTime: toWire(range.start),
      endTime: toWire(range.end),
      receiver: user.id,
      page: { index, limit: PAGE },
    })
      .then((r) => {
        if (!live) return;
        // Pages are fetched in order; a row already shown (the log grew meanwhile) is not shown twice.
        setRows((prev) => {
          const base = index === 0 ? [] : prev;
          const seen = new Set(base.map((x) => x.seq));
          return [...base, ...r.data.filter((x) => !seen.has(x.seq))];
        });
        setTotal(r.total ?? r.data.length);
      })
      .catch(() => live && index === 0 && setRows([]))
      .finally(() => {
        if (live) loading.current = false;
      });
    return () => {
      live = false;
      loading.current = false;
    };
  }, [open, range, user, pages]);

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (loading.current || rows.length >= total || rows.length < pages * PAGE) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) setPages((p) => p + 1);
  };

  return (
    <Modal open={open} onClose={onClose} title={t('messageCenter.title')} width={960} closable>
      <div className="mb-3 flex items-center justify-between">
        <DateSelector value={range} onChange={setRange} types={['day', 'week', 'month']} />
        <span className="text-xs text-muted" data-testid="message-center-total">
          {t('bell.count', { count: total })}
        </span>
      </div>
      <div className="h-[31.25rem] overflow-y-auto rounded border border-line" data-testid="message-center" onScroll={onScroll}>
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-surface-2 text-left text-muted">
            <tr>
              <th className="w-16 px-3 py-2">{t('messageCenter.index')}</th>
              <th className="w-48 px-3 py-2">{t('messageCenter.recordTime')}</th>
              <th className="w-36 px-3 py-2">{t('messageCenter.type')}</th>
              <th className="px-3 py-2">{t('messageCenter.content')}</th>
            </tr>
          </thead>
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
