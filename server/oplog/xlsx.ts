import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Spec §9: Excel export is xlsx with the default file name 表格导出. */
const DEFAULT_EXPORT_NAME = '表格导出';

export async function sendXlsx(
  reply: FastifyReply,
  sheetName: string,
  columns: { header: string; key: string; width?: number }[],
  rows: Record<string, unknown>[],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.addRows(rows);
  ws.getRow(1).font = { bold: true };
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(`${DEFAULT_EXPORT_NAME}.xlsx`)}`,
    )
    .send(buf);
}
