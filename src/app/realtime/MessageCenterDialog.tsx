import { useEffect, useState } from 'react';
import { request } from '../api/client';
import { t, useLanguage } from '../i18n/i18n';
import { Modal } from '../ui/Modal';
import { DateSelector } from '../widgets/dateSelector/DateSelector';
import { defaultRange, toWire, type DateRange } from '../widgets/dateSelector/dateRange';
import { useSession } from '../session/SessionContext';

interface MessageRow {
  seq: number;
  recordTime: string;
  logTypeName: string;
  content: string;
}

/** Spec: content longer than 60 characters is flagged in colour. */
export const LONG_CONTENT = 60;
const PAGE = 200;

/** 信息中心 (spec §2): the message log of the user, by day, week or month, 500 px high. */
export function MessageCenterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useLanguage();
  const { user } = useSession();
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [rows, setRows] = useState<MessageRow[]>([]);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    if (!open || !user) return;
    let live = true;
    request<MessageRow[]>('POST', '/messageServer/v1/log', {
      noticeMode: 4,
      startTime: toWire(range.start),
      endTime: toWire(range.end),
      receiver: user.id,
      page: { index: 0, limit: PAGE },
    })
      .then((r) => {
        if (!live) return;
        setRows(r.data);
        setTotal(r.total ?? r.data.length);
      })
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [open, range, user]);

  return (
    <Modal open={open} onClose={onClose} title={t('messageCenter.title')} width={960}>
      <div className="mb-3 flex items-center justify-between">
        <DateSelector value={range} onChange={setRange} types={['day', 'week', 'month']} />
        <span className="text-xs text-muted">{t('bell.count', { count: total })}</span>
      </div>
      <div className="h-[500px] overflow-y-auto rounded border border-line" data-testid="message-center">
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
                <td className="px-3 py-1.5">{r.logTypeName}</td>
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
