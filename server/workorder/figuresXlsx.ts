import type { Workbook } from 'exceljs';
import { EVENT_TYPE_TEXT, EVENT_TYPE_TEXT_EN } from '../../domain/measures';
import type { OrderFiguresDto } from '../../domain/schemas/orderFigures';
import type { Lang } from '../text/language';
import { addSheet, newWorkbook, type Column } from '../http/xlsx';

/** What the overview sheet says the figures cover. */
export interface FiguresSubject {
  /** the period as `YYYY-MM-DD HH:mm:ss ~ YYYY-MM-DD HH:mm:ss` */
  period: string;
  project: string | null;
  operator: string | null;
}

type Text = { zh: string; en: string };
const say = (t: Text, lang: Lang) => t[lang];
/** Durations in minutes to one decimal and shares in per cent to one decimal: numbers to rework; blank when none. */
const minutes = (ms: number | null) => (ms === null ? '' : Math.round(ms / 6_000) / 10);
const percent = (share: number | null) => (share === null ? '' : Math.round(share * 1000) / 10);
const typeName = (type: number, lang: Lang) => (lang === 'en' ? EVENT_TYPE_TEXT_EN : EVENT_TYPE_TEXT)[type] ?? String(type);

const col = (key: string, zh: string, en: string, width = 16) => ({ key, zh, en, width });
const cols = (list: ReturnType<typeof col>[], lang: Lang): Column[] => list.map((c) => ({ key: c.key, header: c[lang], width: c.width }));
const DEVICE = [col('name', '设备', 'Device', 24), col('code', '编码', 'Code', 16), col('projectName', '项目', 'Project', 20)];
const SHARE = [
  col('orders', '有原因工单', 'Orders with a cause'),
  col('falseAlarms', '误报', 'False alarms'),
  col('share', '误报占比(%)', 'False-alarm share (%)'),
];

/**
 * The 处置统计 figures as a workbook, one sheet per table of the screen, headers in the request's
 * language: overview, the series, per operator, false alarms per type and per device, repeated alarms.
 */
export async function figuresWorkbook(f: OrderFiguresDto, subject: FiguresSubject, lang: Lang): Promise<Workbook> {
  const wb = await newWorkbook();
  const all = say({ zh: '全部', en: 'All' }, lang);
  const overview: [Text, string | number][] = [
    [{ zh: '统计周期', en: 'Period' }, subject.period],
    [{ zh: '项目', en: 'Project' }, subject.project ?? all],
    [{ zh: '处置人', en: 'Operator' }, subject.operator ?? all],
    [{ zh: '报警数', en: 'Alarms' }, f.alarms],
    [{ zh: '已确认', en: 'Confirmed' }, f.confirmed],
    [{ zh: 'MTTA 中位数(分钟)', en: 'MTTA median (min)' }, minutes(f.mttaMs)],
    [{ zh: 'MTTA p90(分钟)', en: 'MTTA p90 (min)' }, minutes(f.mttaP90Ms)],
    [{ zh: '工单数', en: 'Orders' }, f.orders],
    [{ zh: '已关闭', en: 'Closed' }, f.closed],
    [{ zh: 'MTTR 中位数(分钟)', en: 'MTTR median (min)' }, minutes(f.mttrMs)],
    [{ zh: 'MTTR p90(分钟)', en: 'MTTR p90 (min)' }, minutes(f.mttrP90Ms)],
    [{ zh: '超时工单', en: 'Overdue orders' }, f.overdue],
    [{ zh: '误报工单', en: 'False alarms' }, f.falseAlarms],
    [{ zh: '误报占比(%)', en: 'False-alarm share (%)' }, percent(f.falseAlarmShare)],
    [{ zh: '重复报警阈值(同类报警次数)', en: 'Repeated: alarms of one type at least' }, f.repeatMin],
  ];
  addSheet(
    wb,
    say({ zh: '概览', en: 'Overview' }, lang),
    cols([col('item', '指标', 'Figure', 32), col('value', '值', 'Value', 44)], lang),
    overview.map(([item, value]) => ({ item: say(item, lang), value })),
  );
  addSheet(
    wb,
    say({ zh: '趋势', en: 'Series' }, lang),
    cols(
      [
        col('label', '时间', 'Time'),
        col('alarms', '报警数', 'Alarms'),
        col('mtta', 'MTTA 中位数(分钟)', 'MTTA median (min)', 20),
        col('orders', '工单数', 'Orders'),
        col('mttr', 'MTTR 中位数(分钟)', 'MTTR median (min)', 20),
      ],
      lang,
    ),
    f.series.map((b) => ({ label: b.label, alarms: b.alarms, mtta: minutes(b.mttaMs), orders: b.orders, mttr: minutes(b.mttrMs) })),
  );
  addSheet(
    wb,
    say({ zh: '处置人', en: 'Operators' }, lang),
    cols(
      [
        col('name', '处置人', 'Operator', 20),
        col('confirmed', '确认报警', 'Alarms confirmed'),
        col('mtta', 'MTTA 中位数(分钟)', 'MTTA median (min)', 20),
        col('orders', '工单数', 'Orders'),
        col('closed', '已关闭', 'Closed'),
        col('mttr', 'MTTR 中位数(分钟)', 'MTTR median (min)', 20),
        col('overdue', '超时', 'Overdue'),
        col('share', '误报占比(%)', 'False-alarm share (%)'),
      ],
      lang,
    ),
    f.byOperator.map((o) => ({
      name: o.userName ?? String(o.userId),
      confirmed: o.confirmed,
      mtta: minutes(o.mttaMs),
      orders: o.orders,
      closed: o.closed,
      mttr: minutes(o.mttrMs),
      overdue: o.overdue,
      share: percent(o.falseAlarmShare),
    })),
  );
  addSheet(
    wb,
    say({ zh: '误报-类型', en: 'False alarms by type' }, lang),
    cols([col('type', '报警类型', 'Alarm type', 20), ...SHARE], lang),
    f.falseByType.map((s) => ({ type: typeName(s.type, lang), orders: s.orders, falseAlarms: s.falseAlarms, share: percent(s.share) })),
  );
  addSheet(
    wb,
    say({ zh: '误报-设备', en: 'False alarms by device' }, lang),
    cols([...DEVICE, ...SHARE], lang),
    f.falseByDevice.map((s) => ({ ...s, share: percent(s.share) })),
  );
  addSheet(
    wb,
    say({ zh: '重复报警', en: 'Repeated alarms' }, lang),
    cols([...DEVICE, col('type', '报警类型', 'Alarm type', 20), col('alarms', '报警数', 'Alarms')], lang),
    f.repeated.map((r) => ({ ...r, type: typeName(r.type, lang) })),
  );
  return wb;
}
