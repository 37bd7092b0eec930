import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const DEFAULT_EXPORT_NAME = '表格导出';

export interface Column {
  header: string;
  key: string;
  width?: number;
}

/** Adds a sheet: a bold header row from the columns, then the rows by column key. */
export function addSheet(wb: ExcelJS.Workbook, sheetName: string, columns: Column[], rows: Record<string, unknown>[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.addRows(rows);
  ws.getRow(1).font = { bold: true };
  return ws;
}

/** Sends a workbook as an xlsx download (spec §9: default file name 表格导出). */
export async function sendWorkbook(reply: FastifyReply, wb: ExcelJS.Workbook, fileName = DEFAULT_EXPORT_NAME) {
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
  const wb = new ExcelJS.Workbook();
  addSheet(wb, sheetName, columns, rows);
  return sendWorkbook(reply, wb, fileName);
}
