import { t } from '../../i18n/i18n';
import { xlsxBytes, type XlsxCell } from './xlsxWriter';

/** Spec §9: Excel export is xlsx with the default file name 表格导出 (in the language in force). */
export const defaultExportName = (): string => t('table.exportName');

/** Writes rows to one sheet (bold header, widths from the headers) and saves it. */
export async function exportXlsx<T>(
  columns: { header: string; value: (row: T) => unknown }[],
  rows: readonly T[],
  fileName: string = defaultExportName(),
): Promise<void> {
  const bytes = xlsxBytes(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => cellValue(c.value(r)))),
    columns.map((c) => Math.max(12, c.header.length * 2 + 4)),
  );
  saveBlob(
    new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${fileName}.xlsx`,
  );
}

function cellValue(v: unknown): XlsxCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return JSON.stringify(v);
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: Chromium starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
