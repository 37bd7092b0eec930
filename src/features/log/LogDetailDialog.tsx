import { formatTime } from '../../app/time/projectTime';
import type { OperationLogRow } from '../../../domain/schemas/info';
import { oplogKindText, oplogSubjectText } from '../../../domain/oplog';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';

const pretty = (v: unknown) => (v === undefined ? '--' : JSON.stringify(v, null, 2));

/** Who did what when, with the before and after states side by side. */
export function LogDetailDialog({ row, onClose }: { row: OperationLogRow | undefined; onClose: () => void }) {
  useLanguage();
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const { before, after, ...rest } = row?.payload ?? {};
  const extra = Object.keys(rest).length ? rest : undefined;
  return (
    <Modal open={!!row} onClose={onClose} title={t('log.detailTitle')} width={900}>
      {row && (
        <div className="text-sm">
          <p className="mb-3 text-muted">
            {formatTime(row.at, 'yyyy-MM-dd HH:mm:ss')} · {row.actorName ?? '--'} · {oplogKindText(row.kind, lang)} ·{' '}
            {oplogSubjectText(row.subject, lang)}
          </p>
          <div className="grid grid-cols-2 gap-3">
            {[
              { title: t('log.before'), v: before },
              { title: t('log.after'), v: after ?? extra },
            ].map((side) => (
              <div key={side.title}>
                <h3 className="mb-1 font-medium">{side.title}</h3>
                <pre translate="no" className="max-h-[50vh] overflow-auto rounded border border-line bg-surface-2 p-2 text-xs">
                  {pretty(side.v)}
                </pre>
              </div>
            ))}
          </div>
          <div className="mt-4 flex justify-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
