import { useMemo, useState } from 'react';
import { formatTime } from '../../app/time/projectTime';
import type { OperationLogRow } from '../../../domain/schemas/info';
import { oplogKindText, oplogSubjectText } from '../../../domain/oplog';
import { changedFields, changesLine } from '../../../domain/oplogDiff';
import { api } from '../../app/api/client';
import { fetchBlob } from '../../app/api/blob';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import type { Column } from '../../app/widgets/table/DataTable';
import { PagedDetailTable } from '../../app/widgets/table/PagedDetailTable';
import { defaultExportName, saveBlob } from '../../app/widgets/table/exportXlsx';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { queryKeys } from '../../app/api/queryKeys';
import { LogDetailDialog } from './LogDetailDialog';
import { EMPTY_FILTER, LogFilters, toRequestFilter, type LogFilterValue } from './LogFilters';
import { usePagedList } from '../../app/widgets/table/usePaging';

/** /log: every write, newest first, from the domain event log; filter, page, export, details. */
export default function OperationLogScreen() {
  useLanguage();
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const [filter, setFilter] = useState<LogFilterValue>(EMPTY_FILTER);
  const [detail, setDetail] = useState<OperationLogRow | undefined>();
  const log = usePagedList((page) => {
    const body = { filter: toRequestFilter(filter), page };
    return {
      // the server names the subjects in the language asked: a switch asks again
      queryKey: queryKeys.operationLog(body, lang),
      queryFn: () => api.page<OperationLogRow>('/wisdompower/v1/operationlog/list', body),
    };
  });
  const columns = useMemo<Column<OperationLogRow>[]>(
    () => [
      { id: 'time', header: t('log.time'), value: (r) => formatTime(r.at, 'yyyy-MM-dd HH:mm:ss'), width: 180 },
      { id: 'user', header: t('log.user'), value: (r) => r.actorName, width: 120 },
      { id: 'kind', header: t('log.kind'), value: (r) => oplogKindText(r.kind, lang), width: 140 },
      {
        id: 'subject',
        header: t('log.subject'),
        value: (r) => oplogSubjectText(r.subject, lang, r.subjectName),
        // the noun in the console's language, the object's name as stored (data, like the ledger's names)
        cell: (r) => {
          const noun = oplogSubjectText(r.subject, lang);
          const named = r.subjectName !== null && noun.includes(' ');
          // oplogSubjectText without a name is the noun and the id: the noun is all before the last space
          return named ? (
            <>
              {noun.slice(0, noun.lastIndexOf(' '))} <span translate="no">{r.subjectName}</span>
            </>
          ) : (
            noun
          );
        },
        width: 200,
      },
      {
        id: 'after',
        header: `${t('log.before')} → ${t('log.after')}`,
        value: (r) => changesLine(changedFields(r.payload)),
        cell: (r) => {
          const line = changesLine(changedFields(r.payload));
          return (
            <button
              type="button"
              className="max-w-full truncate text-left text-brand hover:underline"
              onClick={(e) => (e.stopPropagation(), setDetail(r))}
              data-testid="log-changes"
            >
              {/* field names and values are data, not words of either language (the whole of it in 详情) */}
              {line ? <span translate="no">{line}</span> : t('common.detail')}
            </button>
          );
        },
      },
    ],
    [lang],
  );
  const exportLog = async (f: LogFilterValue) => {
    const blob = await fetchBlob('/wisdompower/v1/operationlog/export', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ filter: toRequestFilter(f) }),
    }).catch(() => null);
    if (blob) saveBlob(blob, `${defaultExportName()}.xlsx`);
  };
  return (
    <ScreenFrame
      title={t('route.log')}
      testId="oplog"
      filters={<LogFilters onSearch={(f) => (setFilter(f), log.firstPage())} onExport={(f) => void exportLog(f)} />}
    >
      <PagedDetailTable testId="log-table" columns={columns} page={log.table} rowId={(r) => r.seq} onDetail={setDetail} />
      <LogDetailDialog row={detail} onClose={() => setDetail(undefined)} />
    </ScreenFrame>
  );
}
