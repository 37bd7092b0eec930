import { formatTime } from '../../app/time/projectTime';
import type { OperationLogRow } from '../../../domain/schemas/info';
import { oplogKindText, oplogSubjectText } from '../../../domain/oplog';
import { changedFields, fieldValueText } from '../../../domain/oplogDiff';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { TableHead } from '../../app/ui/TableHead';

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** Who did what when, and the fields it changed with their values before and after. */
export function LogDetailDialog({ row, onClose }: { row: OperationLogRow | undefined; onClose: () => void }) {
  useLanguage();
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const { before, after, ...rest } = row?.payload ?? {};
  const changes = changedFields({ before, after });
  const extra = Object.keys(rest).length ? rest : undefined;
  return (
    <Modal open={!!row} onClose={onClose} title={t('log.detailTitle')} width={900}>
      {row && (
        <div className="text-sm">
          <p className="mb-3 text-muted">
            {formatTime(row.at, 'yyyy-MM-dd HH:mm:ss')} · {row.actorName ?? '--'} · {oplogKindText(row.kind, lang)} ·{' '}
            {oplogSubjectText(row.subject, lang, row.subjectName)}
          </p>
          {changes.length > 0 && (
            <div className="max-h-[50vh] overflow-auto rounded border border-line">
              <table className="w-full text-left" data-testid="log-diff">
                <TableHead
                  className="sticky top-0 bg-surface-2 text-muted"
                  cellClassName="px-3 py-1.5"
                  cells={[t('log.field'), t('log.before'), t('log.after')]}
                />
                <tbody translate="no">
                  {changes.map((c) => (
                    <tr key={c.field} className="border-t border-line align-top" data-field={c.field}>
                      <td className="px-3 py-1.5 font-mono text-muted">{c.field || '--'}</td>
                      <td className={`px-3 py-1.5 break-all text-muted ${c.before === undefined ? '' : 'line-through'}`}>
                        {fieldValueText(c.before)}
                      </td>
                      <td className="px-3 py-1.5 font-medium break-all">{fieldValueText(c.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {extra && (
            <pre translate="no" className="mt-3 max-h-[30vh] overflow-auto rounded border border-line bg-surface-2 p-2 text-xs">
              {pretty(extra)}
            </pre>
          )}
          <div className="mt-4 flex justify-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
