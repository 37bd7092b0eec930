import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { HandoverDetailDto } from '../../../domain/schemas/handover';
import { t, useLanguage } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import { HandoverSheet } from './HandoverSheet';
import './handoverPrint.css';

const time = (v: number | null) => (v === null ? '' : formatTime(v, 'yyyy-MM-dd HH:mm'));

/**
 * The handover as printed: a direct child of <body>, hidden on screen and the only thing on paper
 * (handoverPrint.css): title, the sheet, the notes and the two names with their times and signatures.
 */
export function PrintSheet({ handover }: { handover: HandoverDetailDto }) {
  useLanguage();
  useEffect(() => {
    document.documentElement.classList.add('print-handover');
    return () => document.documentElement.classList.remove('print-handover');
  }, []);
  return createPortal(
    <article className="handover-print" data-testid="handover-print" data-theme="bright">
      <h1 className="mb-3 text-center text-lg font-semibold">{t('ho.sheetTitle')}</h1>
      <HandoverSheet shift={handover.shift} summary={handover.summary} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt>{t('ho.note')}</dt>
        <dd>{handover.note ?? t('ho.none')}</dd>
        <dt>{t('ho.acceptNote')}</dt>
        <dd>{handover.acceptNote ?? ''}</dd>
      </dl>
      <table className="mt-6 w-full border-collapse text-sm">
        <tbody>
          <tr>
            <th className="w-1/4 border border-line p-2 text-left font-normal">{t('ho.from')}</th>
            <td className="border border-line p-2" translate="no">
              {handover.fromUserName} {time(handover.handedAt)}
            </td>
            <th className="w-1/4 border border-line p-2 text-left font-normal">{t('ho.signature')}</th>
            <td className="w-1/4 border border-line p-2" />
          </tr>
          <tr>
            <th className="border border-line p-2 text-left font-normal">{t('ho.to')}</th>
            <td className="border border-line p-2" translate="no">
              {handover.toUserName ?? ''} {time(handover.acceptedAt)}
            </td>
            <th className="border border-line p-2 text-left font-normal">{t('ho.signature')}</th>
            <td className="border border-line p-2" />
          </tr>
        </tbody>
      </table>
    </article>,
    document.body,
  );
}
