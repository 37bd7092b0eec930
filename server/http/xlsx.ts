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

export const DEFAULT_EXPORT_NAME = '表格导出';

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

/** Sends a workbook as an xlsx download (spec §9: default file name 表格导出). */
export async function sendWorkbook(reply: FastifyReply, wb: Workbook, fileName = DEFAULT_EXPORT_NAME) {
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  const name = `${fileName}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(buf);
}

/** Sends one sheet as an xlsx download. */
export async function sendXlsx(
  reply: FastifyReply,
  sheetName: string,
  columns: Column[],
  rows: Record<string, unknown>[],
  fileName = DEFAULT_EXPORT_NAME,
) {
  const wb = await newWorkbook();
  addSheet(wb, sheetName, columns, rows);
  return sendWorkbook(reply, wb, fileName);
}
