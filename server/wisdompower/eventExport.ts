import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { EVENT_CONFIRM, EVENT_STATUS } from '../../domain/enums';
import type { PecEvent } from '../../domain/telemetry';
import { formatTime } from '../telemetry/time';
import { DEFAULT_EXPORT_NAME } from './xlsx';

const COLUMNS = [
  { header: '发生时间', key: 'eventtime', width: 22 },
  { header: '项目', key: 'projectname', width: 18 },
  { header: '设备', key: 'devicename', width: 22 },
  { header: '设备编号', key: 'devicecode', width: 18 },
  { header: '类型', key: 'customtypeName', width: 14 },
  { header: '等级', key: 'peceventlevelName', width: 10 },
  { header: '数值', key: 'value', width: 10 },
  { header: '描述', key: 'description', width: 36 },
  { header: '状态', key: 'status', width: 10 },
  { header: '结束时间', key: 'endtime', width: 22 },
  { header: '确认状态', key: 'confirm', width: 10 },
  { header: '确认人', key: 'operator', width: 14 },
  { header: '确认时间', key: 'updatetime', width: 22 },
  { header: '备注', key: 'remark', width: 30 },
  { header: '备注人', key: 'remarkoperator', width: 14 },
  { header: '备注时间', key: 'remarktime', width: 22 },
];

function cells(r: PecEvent, zone: string) {
  return {
    eventtime: formatTime(r.eventtime, zone, true),
    projectname: r.projectname,
    devicename: r.devicename,
    devicecode: r.devicecode,
    customtypeName: r.customtypeName,
    peceventlevelName: r.peceventlevelName,
    value: r.value,
    description: r.description,
    status: EVENT_STATUS.textOf(r.endeventid),
    endtime: r.endtime ? formatTime(r.endtime, zone, true) : '',
    confirm: EVENT_CONFIRM.textOf(r.confirmeventstatus),
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

/**
 * Streams the events as one xlsx sheet: each batch is written and committed before the next is read,
 * and the producer waits for the socket to drain, so memory holds about one batch however many rows
 * are exported (the buffered writer in xlsx.ts keeps the whole workbook).
 */
export function streamEventsXlsx(reply: FastifyReply, batches: AsyncIterable<PecEvent[]>, zone: string): FastifyReply {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('事件');
  ws.columns = COLUMNS;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const produce = async () => {
    for await (const rows of batches) {
      for (const r of rows) ws.addRow(cells(r, zone)).commit();
      // Backpressure: a slow client slows the reading of further batches instead of growing the buffer.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    await wb.commit();
  };
  produce().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  const name = `${DEFAULT_EXPORT_NAME}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(out);
}
