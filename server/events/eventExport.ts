import type { FastifyReply } from 'fastify';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import { EVENT_TYPE_TEXT_EN, MEASURE_BY_ID, type PecEvent } from '../../domain/telemetry';
import type { Lang } from '../text/language';
import { formatTime } from '../text/time';
import { streamXlsx } from '../http/xlsx';

/** The columns with their headers in both answer languages (the request's Accept-Language picks). */
const COLUMNS = [
  { zh: '发生时间', en: 'Time', key: 'eventtime', width: 22 },
  { zh: '项目', en: 'Project', key: 'projectname', width: 18 },
  { zh: '设备', en: 'Device', key: 'devicename', width: 22 },
  { zh: '设备编号', en: 'Device code', key: 'devicecode', width: 18 },
  { zh: '类型', en: 'Type', key: 'customtypeName', width: 14 },
  { zh: '等级', en: 'Level', key: 'peceventlevelName', width: 10 },
  { zh: '数值', en: 'Value', key: 'value', width: 10 },
  // the value stays a number a spreadsheet can sum; its unit beside it
  { zh: '单位', en: 'Unit', key: 'unit', width: 8 },
  { zh: '描述', en: 'Description', key: 'description', width: 36 },
  { zh: '状态', en: 'Status', key: 'status', width: 10 },
  { zh: '结束时间', en: 'Ended at', key: 'endtime', width: 22 },
  { zh: '确认状态', en: 'Confirmation', key: 'confirm', width: 10 },
  { zh: '确认人', en: 'Confirmed by', key: 'operator', width: 14 },
  { zh: '确认时间', en: 'Confirmed at', key: 'updatetime', width: 22 },
  { zh: '备注', en: 'Remark', key: 'remark', width: 30 },
  { zh: '备注人', en: 'Remarked by', key: 'remarkoperator', width: 14 },
  { zh: '备注时间', en: 'Remarked at', key: 'remarktime', width: 22 },
];

const num = (v: number | null) => (v === null ? '--' : String(Math.round(v * 100) / 100));

/** The stored description is Chinese; in English it is said again from the row's fields. */
function descriptionEn(r: PecEvent): string {
  if (r.customtype === 4) return 'Probe failure';
  const def = r.dataid === null ? undefined : MEASURE_BY_ID.get(r.dataid);
  if (!def) return EVENT_TYPE_TEXT_EN[r.customtype] ?? '';
  const kind = r.peceventlevel === EVENT_LEVEL.EARLY_WARNING ? 'warning' : 'alarm';
  return `${def.en} ${num(r.value)} ${def.unit} over the ${kind} limit of ${num(r.limitvalue)} ${def.unit}`;
}

function cells(r: PecEvent, zone: string, lang: Lang) {
  const l = lang === 'en' ? 'en' : 'zh_cn';
  return {
    eventtime: formatTime(r.eventtime, zone, true),
    projectname: r.projectname,
    devicename: r.devicename,
    devicecode: r.devicecode,
    customtypeName: lang === 'en' ? (EVENT_TYPE_TEXT_EN[r.customtype] ?? r.customtypeName) : r.customtypeName,
    peceventlevelName: lang === 'en' ? EVENT_LEVEL.textOf(r.peceventlevel, 'en') : r.peceventlevelName,
    value: r.value,
    unit: (r.dataid === null ? undefined : MEASURE_BY_ID.get(r.dataid))?.unit ?? '',
    description: lang === 'en' ? descriptionEn(r) : r.description,
    status: EVENT_STATUS.textOf(r.endeventid, l),
    endtime: r.endtime ? formatTime(r.endtime, zone, true) : '',
    confirm: EVENT_CONFIRM.textOf(r.confirmeventstatus, l),
    operator: r.operator ?? '',
    updatetime: r.updatetime ? formatTime(r.updatetime, zone) : '',
    remark: r.remark ?? '',
    remarkoperator: r.remarkoperator ?? '',
    remarktime: r.remarktime ? formatTime(r.remarktime, zone) : '',
  };
}

/**
 * Reads the first batch before anything is sent: a fault of the query (an order by an unknown property,
 * a node out of scope) still answers as an envelope instead of cutting off a started download.
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    },
  };
}

/** Streams the events as one xlsx sheet, a batch at a time (http/xlsx.ts streamXlsx). */
export function streamEventsXlsx(
  reply: FastifyReply,
  batches: AsyncIterable<PecEvent[]>,
  zone: string,
  lang: Lang = 'zh',
): Promise<FastifyReply> {
  const columns = COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: c.width }));
  return streamXlsx(reply, lang === 'en' ? 'Events' : '事件', columns, asCells(batches, zone, lang));
}

async function* asCells(batches: AsyncIterable<PecEvent[]>, zone: string, lang: Lang): AsyncIterable<Record<string, unknown>[]> {
  for await (const rows of batches) yield rows.map((r) => cells(r, zone, lang));
}
