import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addSheet, newWorkbook } from '../../server/http/xlsx';

describe('server xlsx sheets', () => {
  it('a bold header, then the rows by column key in one plain style that the writer meets once', async () => {
    const wb = await newWorkbook();
    const rows = Array.from({ length: 50 }, (_, i) => ({
      time: `2026-12-03 10:${String(i).padStart(2, '0')}:00`,
      d1001: i * 1.5,
      d1101: i % 2 ? null : 20,
    }));
    const ws = addSheet(
      wb,
      '西湖文化广场 1#',
      [
        { header: '时间', key: 'time', width: 22 },
        { header: '剩余电流(mA)', key: 'd1001' },
        { header: 'A相温度(℃)', key: 'd1101' },
      ],
      rows,
    );
    // One style object for every data cell: exceljs renders a style as XML to find its twin unless it
    // has met that very object before, which was most of a large export's time.
    const styles = new Set<object>();
    ws.eachRow((row, n) => n > 1 && row.eachCell((cell) => styles.add(cell.style)));
    expect(styles.size).toBe(1);

    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const sheet = back.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '时间', '剩余电流(mA)', 'A相温度(℃)']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.getRow(2).values).toEqual([undefined, '2026-12-03 10:00:00', 0, 20]);
    expect(sheet.getRow(3).values).toEqual([undefined, '2026-12-03 10:01:00', 1.5]);
    expect(sheet.rowCount).toBe(51);
    expect(sheet.getColumn(1).width).toBe(22);
  });
});
