import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { columnName, xlsxBytes } from '../../src/app/widgets/table/xlsxWriter';

describe('xlsxWriter', () => {
  it('writes a sheet exceljs reads back: bold header, widths, numbers, booleans, text, empty cells', async () => {
    const bytes = xlsxBytes(
      ['设备名称', 'value', 'ok', 'note'],
      [
        ['西湖文化广场 1#', 320.5, true, 'a < b & "c"'],
        ['滨江\u0001科技园', -1, false, null],
      ],
      [20, 12, 8, 30],
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Sheet1');
    expect(ws.getRow(1).values).toEqual([undefined, '设备名称', 'value', 'ok', 'note']);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A2').font?.bold).toBeFalsy();
    expect(ws.getRow(2).values).toEqual([undefined, '西湖文化广场 1#', 320.5, true, 'a < b & "c"']);
    // A control character XML cannot hold is dropped; null leaves the cell empty.
    expect(ws.getRow(3).values).toEqual([undefined, '滨江科技园', -1, false]);
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.rowCount).toBe(3);
  });

  it('names columns past Z as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
