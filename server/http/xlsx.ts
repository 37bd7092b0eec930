import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Workbook, Worksheet } from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * exceljs is loaded at the first export, not at start: it is the largest package the server loads
 * (about 0.2 s on this machine), and every restart keeps the consoles waiting for the start.
 */
export async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

const DEFAULT_EXPORT_NAME = '表格导出';

export interface Column {
  header: string;
  key: string;
  width?: number;
}

/**
 * The style of every data cell, one object for all of them. exceljs gives each new cell a style object
 * of its own, and its writer, not finding that object again, renders each one as XML to find the same
 * plain style each time: most of exporting a month of one device's eight measures (389,000 cells, 4.7 s).
 */
const PLAIN_CELL = {};

/** Adds a sheet: a bold header row from the columns, then the rows by column key. */
export function addSheet(wb: Workbook, sheetName: string, columns: Column[], rows: Record<string, unknown>[]): Worksheet {
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  for (const row of ws.addRows(rows)) row.eachCell((cell) => (cell.style = PLAIN_CELL));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/** The download's headers (spec §9: default file name 表格导出). */
function asXlsxDownload(reply: FastifyReply, fileName: string): FastifyReply {
  const name = `${fileName}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`);
}

/** Sends a workbook built in memory (several sheets) as an xlsx download. */
export async function sendWorkbook(reply: FastifyReply, wb: Workbook, fileName = DEFAULT_EXPORT_NAME) {
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return asXlsxDownload(reply, fileName).send(buf);
}

/**
 * Streams one sheet as an xlsx download: a bold header row from the columns, then the rows by column
 * key, each batch written and committed before the next is read, and the producer waiting for the
 * client to drain. Memory holds about one batch of the sheet however many rows there are (a workbook
 * built in memory holds an object per cell: a month of eight measures is 389,000), and the zip is
 * compressed by Node's zlib, not in JavaScript.
 */
export async function streamXlsx(
  reply: FastifyReply,
  sheetName: string,
  columns: Column[],
  batches: AsyncIterable<readonly Record<string, unknown>[]> | Iterable<readonly Record<string, unknown>[]>,
  fileName = DEFAULT_EXPORT_NAME,
): Promise<FastifyReply> {
  const { default: ExcelJS } = await import('exceljs'); // at the first export, not at start (above)
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const produce = async () => {
    for await (const rows of batches) {
      for (const r of rows) {
        const row = ws.addRow(r);
        row.eachCell((cell) => (cell.style = PLAIN_CELL));
        row.commit();
      }
      // Backpressure: a slow client slows the reading of further batches instead of growing the buffer.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    await wb.commit();
  };
  produce().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return asXlsxDownload(reply, fileName).send(out);
}

/** Rows already in memory, in batches of this many for streamXlsx. */
const BATCH = 1000;

function* inBatches<T>(rows: readonly T[]): Iterable<readonly T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/** Sends one sheet as an xlsx download (streamed: see streamXlsx). */
export function sendXlsx(
  reply: FastifyReply,
  sheetName: string,
  columns: Column[],
  rows: readonly Record<string, unknown>[],
  fileName = DEFAULT_EXPORT_NAME,
): Promise<FastifyReply> {
  return streamXlsx(reply, sheetName, columns, inBatches(rows), fileName);
}
