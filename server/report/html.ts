import { levelLook } from '../../domain/alarmLanguage';
import { EVENT_LEVEL } from '../../domain/enums';
import { MEASURE_BY_ID } from '../../domain/telemetry';
import { RATING_TEXT, REPORT_TITLE, type AffirmStatus, type ReportFigures } from '../../domain/schemas/report';
import { formatTime } from '../text/time';
import { columns, esc, hbars } from './svg';
import { disposalHtml } from './disposalPrint';
import { durationText, typeText } from './words';

/** A level's bar colour on paper: the alarm language's bright theme, as on every screen. */
const levelColour = (id: number) => levelLook(id).colour.bright;
const SCOPE_TEXT: Record<string, string> = {
  global: '全部项目',
  tenant: '企业',
  province: '省',
  city: '市',
  district: '区县',
  project: '项目',
};

/** The period as people read it: the last day is end − 1 ms, since periods are half-open. */
export const periodText = (start: number, end: number, zone: string) =>
  `${formatTime(start, zone).slice(0, 10)} 至 ${formatTime(end - 1, zone).slice(0, 10)}`;

/**
 * The printable report 智慧安全用电运行评估报告: A4 pages (@page), each chart and table row kept whole
 * (break-inside: avoid), CJK fonts named first so Chromium embeds their subsets in the PDF. The same
 * document is printed by the browser (window.print) and by the server's Chromium (page.pdf).
 */
export function reportHtml(f: ReportFigures, affirm: AffirmStatus): string {
  const o = f.overview;
  const level = (id: number) => o.byLevel.find((c) => c.id === id)?.count ?? 0;
  const kv: [string, string | number][] = [
    ['项目数', o.projectCount],
    ['设备数', o.deviceCount],
    ['报警总数', o.total],
    ['上期报警数', o.previous.total],
    ['事故', level(1)],
    ['报警', level(2)],
    ['预警', level(4)],
    ['报警设备数', o.alarmedDevices],
    ['已确认', o.confirmed],
    ['未确认', o.unconfirmed],
    ['仍在活动', o.active],
    ['平均确认用时', durationText(o.confirmation.avgMs)],
  ];
  const nodes = f.nodeDistribute.nodes;
  const types = f.typeDistribute.byType.filter((t) => t.total > 0 || t.previous > 0);
  const c = o.confirmation;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${REPORT_TITLE}</title>
<style>${CSS}</style></head>
<body>
<header class="cover">
  <h1>${REPORT_TITLE}</h1>
  <table class="meta">
    <tr><th>评估对象</th><td>${esc(o.scope.name)}（${SCOPE_TEXT[o.scope.modelLabel] ?? ''}）</td><th>评估周期</th><td>${periodText(o.startTime, o.endTime, o.timeZone)}</td></tr>
    <tr><th>生成时间</th><td>${formatTime(o.generatedAt, o.timeZone)}</td><th>报告确认</th><td>${affirm.affirmed ? `${esc(affirm.operator ?? '')} 于 ${formatTime(affirm.affirmTime!, o.timeZone)} 确认` : '未确认'}</td></tr>
    <tr><th>运行评价</th><td colspan="3" class="rating rating-${f.conclusion.rating}">${RATING_TEXT.zh_cn[f.conclusion.rating]}</td></tr>
  </table>
</header>

<section class="block"><h2>一、运行概况</h2>
  <table class="kv">${chunk(kv, 4)
    .map((row) => `<tr>${row.map(([k, v]) => `<th>${k}</th><td>${esc(v)}</td>`).join('')}</tr>`)
    .join('')}</table>
</section>

<section><h2>二、报警节点分布</h2>
  <figure class="block">${nodes.length ? hbars(nodes.map((n) => ({ label: n.name, value: n.total }))) : '<p class="empty">无项目</p>'}<figcaption>各项目报警数</figcaption></figure>
  <table class="grid"><thead><tr><th>项目</th><th>报警数</th><th>上期</th><th>事故</th><th>报警</th><th>预警</th><th>未确认</th></tr></thead><tbody>
  ${nodes.map((n) => `<tr><td>${esc(n.name)}</td><td>${n.total}</td><td>${n.previous}</td>${[1, 2, 4].map((l) => `<td>${n.byLevel.find((x) => x.id === l)?.count ?? 0}</td>`).join('')}<td>${n.unconfirmed}</td></tr>`).join('')}
  </tbody></table>
</section>

<section><h2>三、报警时间分布</h2>
  <figure class="block">${columns(f.timeDistribute.buckets.map((b) => ({ label: b.label, value: b.total })))}<figcaption>按${{ hour: '小时', day: '日', month: '月' }[f.timeDistribute.unit]}统计的报警数</figcaption></figure>
  <figure class="block">${columns(
    f.timeDistribute.hourOfDay.map((v, h) => ({ label: String(h), value: v, color: '#6b8fd6' })),
    640,
    170,
  )}<figcaption>按一天中的时段（0–23 时）统计的报警数</figcaption></figure>
</section>

<section><h2>四、报警类型与等级分布</h2>
  <figure class="block">${hbars(f.typeDistribute.byType.map((t) => ({ label: typeText(t.id), value: t.total })))}<figcaption>各类型报警数</figcaption></figure>
  <figure class="block">${hbars(f.typeDistribute.byLevel.map((l) => ({ label: EVENT_LEVEL.textOf(l.id), value: l.count, color: levelColour(l.id) })))}<figcaption>各等级报警数</figcaption></figure>
  <table class="grid"><thead><tr><th>类型</th><th>本期</th><th>上期</th><th>事故</th><th>报警</th><th>预警</th></tr></thead><tbody>
  ${types.length ? types.map((t) => `<tr><td>${typeText(t.id)}</td><td>${t.total}</td><td>${t.previous}</td>${[1, 2, 4].map((l) => `<td>${t.byLevel.find((x) => x.id === l)?.count ?? 0}</td>`).join('')}</tr>`).join('') : '<tr><td colspan="6">本期及上期均无报警</td></tr>'}
  </tbody></table>
</section>

<section><h2>五、设备报警排行</h2>
  <table class="grid"><thead><tr><th>序号</th><th>设备</th><th>编码</th><th>项目</th><th>报警数</th><th>主要类型</th></tr></thead><tbody>
  ${
    f.nodeDistribute.topDevices.length
      ? f.nodeDistribute.topDevices
          .map((d, i) => {
            const main = [...d.byType].sort((a, b) => b.count - a.count)[0];
            return `<tr><td>${i + 1}</td><td>${esc(d.name)}</td><td>${esc(d.code)}</td><td>${esc(d.projectName)}</td><td>${d.total}</td><td>${main && main.count ? typeText(main.id) : '--'}</td></tr>`;
          })
          .join('')
      : '<tr><td colspan="6">本期无报警设备</td></tr>'
  }
  </tbody></table>
</section>

<section><h2>六、预计达到限值的设备（趋势预警）</h2>
  <p>截至 ${formatTime(f.projectedCrossings.asOf, o.timeZone)}，按预计达到报警值的时间排列${f.projectedCrossings.total > f.projectedCrossings.devices.length ? `（共 ${f.projectedCrossings.total} 台，列出前 ${f.projectedCrossings.devices.length} 台）` : ''}。</p>
  <table class="grid"><thead><tr><th>序号</th><th>设备</th><th>项目</th><th>监测参数</th><th>每天上升</th><th>预计达到限值</th></tr></thead><tbody>
  ${
    f.projectedCrossings.devices.length
      ? f.projectedCrossings.devices
          .map((d, i) => {
            const def = MEASURE_BY_ID.get(d.dataId);
            const unit = def?.unit ?? '';
            return `<tr><td>${i + 1}</td><td>${esc(d.name)}</td><td>${esc(d.projectName)}</td><td>${esc(def?.name ?? d.dataId)}</td><td>${d.slopePerDay === null ? '--' : `${d.slopePerDay.toFixed(1)}${unit}`}</td><td>${d.crossingAt === null ? '暂无' : `${formatTime(d.crossingAt, o.timeZone).slice(0, 16)}（${d.limit ?? ''}${unit}）`}</td></tr>`;
          })
          .join('')
      : '<tr><td colspan="6">无趋势预警</td></tr>'
  }
  </tbody></table>
</section>

<section class="block"><h2>七、报警确认情况</h2>
  <table class="kv"><tr><th>已确认</th><td>${o.confirmed}</td><th>未确认</th><td>${o.unconfirmed}</td></tr>
  <tr><th>平均确认用时</th><td>${durationText(c.avgMs)}</td><th>中位确认用时</th><td>${durationText(c.medianMs)}</td></tr>
  <tr><th>最长确认用时</th><td>${durationText(c.maxMs)}</td><th>1 小时内 / 24 小时内确认</th><td>${c.within1h} / ${c.within24h}</td></tr></table>
</section>

${disposalHtml(f.disposal)}

<section class="block"><h2>九、评估结论</h2>
  <ol class="conclusion">${f.conclusion.text.map((t) => `<li>${esc(t)}</li>`).join('')}</ol>
</section>
</body></html>`;
}

function chunk<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

const CSS = `
@page { size: A4; margin: 16mm 14mm 18mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; max-width: 182mm; color: #1d2330; font-size: 10.5pt; line-height: 1.55;
  font-family: "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; }
h1 { text-align: center; font-size: 22pt; letter-spacing: 2pt; margin: 6mm 0 6mm; }
h2 { font-size: 13pt; border-left: 4pt solid #1f6feb; padding-left: 6pt; margin: 7mm 0 3mm; break-after: avoid; }
table { width: 100%; border-collapse: collapse; margin: 2mm 0; }
th, td { border: 0.6pt solid #c9d0db; padding: 3pt 6pt; text-align: left; }
th { background: #f1f4f9; font-weight: 600; white-space: nowrap; }
thead { display: table-header-group; }
tr, figure, .block, svg { break-inside: avoid; page-break-inside: avoid; }
figure { margin: 3mm 0; }
figure svg { display: block; width: 100%; height: auto; }
figcaption { text-align: center; font-size: 9pt; color: #5b6475; }
.meta th { width: 18%; }
.rating { font-weight: 700; }
.rating-good { color: #1a7f37; } .rating-attention { color: #b35900; } .rating-serious { color: #c62828; }
.conclusion li { margin: 1.5mm 0; }
.empty { color: #8a94a6; }
@media screen { body { padding: 12mm 0; } }
`;
