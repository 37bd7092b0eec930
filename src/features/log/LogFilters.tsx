import { useState } from 'react';
import { OPLOG_FAMILIES, OPLOG_KINDS } from '../../../domain/oplog';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { FieldLabel, QueryButton } from '../../app/ui/fields';
import { SelectField } from '../../app/widgets/SelectField';
import { parseProjectTime } from '../../app/time/projectTime';
import { TimeTextField } from '../../app/widgets/TimeTextField';

export interface LogFilterValue {
  start: string;
  end: string;
  userName: string;
  kind: string;
}
export const EMPTY_FILTER: LogFilterValue = { start: '', end: '', userName: '', kind: '' };

/** The request filter: the time fields (yyyy-MM-dd HH:mm) are project time (the one time-zone rule); the range is [start, end). */
export function toRequestFilter(f: LogFilterValue) {
  const start = f.start ? parseProjectTime(f.start) : null;
  const end = f.end ? parseProjectTime(f.end) : null;
  return {
    ...(start !== null ? { startTime: start } : {}),
    ...(end !== null ? { endTime: end } : {}),
    ...(f.userName.trim() ? { userName: f.userName.trim() } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
  };
}

const input = 'rounded border border-line bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand';

/** Time range, user and kind (a family such as 用户, or one exact action). */
export function LogFilters({ onSearch, onExport }: { onSearch: (f: LogFilterValue) => void; onExport: (f: LogFilterValue) => void }) {
  useLanguage();
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const [f, setF] = useState(EMPTY_FILTER);
  // Each family (all its actions), followed by its actions one by one: 确认事件, 事件备注, …
  const kindOptions = Object.entries(OPLOG_FAMILIES).flatMap(([family, name]) => [
    { value: family, label: `${name[lang]} · ${t('common.all')}` },
    ...Object.entries(OPLOG_KINDS)
      .filter(([k]) => k.startsWith(`${family}.`))
      .map(([k, v]) => ({ value: k, label: `\u00a0\u00a0${v[lang]}` })),
  ]);
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => (e.preventDefault(), onSearch(f))}>
      <FieldLabel label={t('log.start')}>
        <TimeTextField shape="datetime" name="start" label={t('log.start')} value={f.start} onChange={(start) => setF({ ...f, start })} />
      </FieldLabel>
      <FieldLabel label={t('log.end')}>
        <TimeTextField shape="datetime" name="end" label={t('log.end')} value={f.end} onChange={(end) => setF({ ...f, end })} />
      </FieldLabel>
      <FieldLabel label={t('log.user')}>
        <input name="userName" value={f.userName} onChange={(e) => setF({ ...f, userName: e.target.value })} className={`${input} w-40`} />
      </FieldLabel>
      <SelectField
        className="w-48"
        label={t('log.kind')}
        name="kind"
        value={f.kind}
        onChange={(kind) => setF({ ...f, kind })}
        placeholder={t('log.allKinds')}
        options={kindOptions}
      />
      <QueryButton />
      <Button className="mb-3" onClick={() => onExport(f)}>
        {t('table.export')}
      </Button>
    </form>
  );
}
