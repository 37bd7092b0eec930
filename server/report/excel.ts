import type { Workbook } from 'exceljs';
import { EVENT_LEVEL } from '../../domain/enums';
import { MEASURE_BY_ID } from '../../domain/telemetry';
import { RATING_TEXT, REPORT_TITLE, type ReportFigures } from '../../domain/schemas/report';
import { newWorkbook } from '../http/xlsx';
import { formatTime } from '../text/time';
import { periodText } from './html';
import { disposalRows } from './disposalPrint';
import { durationText, typeText } from './words';

/** Spec §9: Excel export is xlsx with the default file name 表格导出. */
export const REPORT_EXCEL_NAME = '表格导出.xlsx';

type Row = (string | number)[];

/** One sheet per report section, each a header row and its figures, for people who rework the numbers. */
export async function reportWorkbook(f: ReportFigures): Promise<Buffer> {
  const o = f.overview;
  const wb = await newWorkbook();
  const level = (list: { id: number; count: number }[], id: number) => list.find((c) => c.id === id)?.count ?? 0;
  sheet(
    wb,
    '概览',
    ['项目', '值'],
    [
      ['报告', REPORT_TITLE],
      ['评估对象', o.scope.name],
      ['评估周期', periodText(o.startTime, o.endTime, o.timeZone)],
      ['生成时间', formatTime(o.generatedAt, o.timeZone)],
      ['项目数', o.projectCount],
      ['设备数', o.deviceCount],
      ['报警总数', o.total],
      ['上期报警数', o.previous.total],
      ...EVENT_LEVEL.list.map((l): Row => [l.text, level(o.byLevel, l.id)]),
      ['报警设备数', o.alarmedDevices],
      ['已确认', o.confirmed],
      ['未确认', o.unconfirmed],
      ['仍在活动', o.active],
      ['平均确认用时', durationText(o.confirmation.avgMs)],
      ['中位确认用时', durationText(o.confirmation.medianMs)],
      ['最长确认用时', durationText(o.confirmation.maxMs)],
      ['运行评价', RATING_TEXT.zh_cn[f.conclusion.rating]],
    ],
  );
  sheet(
    wb,
    '节点分布',
    ['项目', '报警数', '上期', '事故', '报警', '预警', '未确认'],
    f.nodeDistribute.nodes.map((n) => [
      n.name,
      n.total,
      n.previous,
      level(n.byLevel, 1),
      level(n.byLevel, 2),
      level(n.byLevel, 4),
      n.unconfirmed,
    ]),
  );
  sheet(
    wb,
    '时间分布',
    ['时间', '报警数'],
    f.timeDistribute.buckets.map((b) => [formatTime(b.start, f.overview.timeZone), b.total]),
  );
  sheet(
    wb,
    '类型分布',
    ['类型', '本期', '上期', '事故', '报警', '预警'],
    f.typeDistribute.byType.map((t) => [
      typeText(t.id),
      t.total,
      t.previous,
      level(t.byLevel, 1),
      level(t.byLevel, 2),
      level(t.byLevel, 4),
    ]),
  );
  sheet(
    wb,
    '设备排行',
    ['序号', '设备', '编码', '项目', '报警数'],
    f.nodeDistribute.topDevices.map((d, i) => [i + 1, d.name, d.code, d.projectName, d.total]),
  );
  sheet(
    wb,
    '预计越限',
    ['序号', '设备', '编码', '项目', '数据项', '每天上升', '限值', '预计达到限值'],
    f.projectedCrossings.devices.map((d, i) => [
      i + 1,
      d.name,
      d.code,
      d.projectName,
      MEASURE_BY_ID.get(d.dataId)?.name ?? d.dataId,
      d.slopePerDay === null ? '--' : +d.slopePerDay.toFixed(2),
      d.limit ?? '--',
      d.crossingAt === null ? '--' : formatTime(d.crossingAt, o.timeZone),
    ]),
  );
  // in the printed report's order: 六 预计越限, 八 处置情况, 九 评估结论
  sheet(wb, '处置情况', ['指标', '本期', '上期'], disposalRows(f.disposal));
  sheet(
    wb,
    '评估结论',
    ['序号', '结论'],
    f.conclusion.text.map((t, i) => [i + 1, t]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function sheet(wb: Workbook, name: string, header: string[], rows: Row[]) {
  const ws = wb.addWorksheet(name);
  ws.columns = header.map((h, i) => ({ header: h, width: i === 0 ? 28 : 14 }));
  ws.addRows(rows);
  ws.getRow(1).font = { bold: true };
  if (name === '评估结论' || name === '处置情况') ws.getColumn(2).width = 90;
}
