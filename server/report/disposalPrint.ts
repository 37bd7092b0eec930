/** The 处置 section of the printed report and of its workbook (issue 29). */
import type { DisposalFigures, ReportDisposal } from '../../domain/schemas/reportDisposal';
import { esc } from './svg';
import { durationText, typeText } from './words';

const share = (s: number | null) => (s === null ? '--' : `${Math.round(s * 1000) / 10}%`);

/** The figures the section compares, as rows 指标 | 本期 | 上期. */
const ROWS: [string, (f: DisposalFigures) => string | number][] = [
  ['报警数', (f) => f.alarms],
  ['已确认', (f) => f.confirmed],
  ['确认用时中位数（MTTA）', (f) => durationText(f.mttaMs)],
  ['确认用时 p90', (f) => durationText(f.mttaP90Ms)],
  ['工单数', (f) => f.orders],
  ['已关闭', (f) => f.closed],
  ['闭环用时中位数（MTTR）', (f) => durationText(f.mttrMs)],
  ['闭环用时 p90', (f) => durationText(f.mttrP90Ms)],
  ['超时工单', (f) => f.overdue],
  ['误报占比', (f) => share(f.falseAlarmShare)],
];

/** The section for the workbook: the compared figures, the repeated devices, the conclusion sentences. */
export function disposalRows(d: ReportDisposal): (string | number)[][] {
  return [
    ...ROWS.map(([label, value]) => [label, value(d.current), value(d.previous)]),
    ...d.repeated.map((r, i) => [`重复报警 ${i + 1}`, `${r.name}（${r.projectName}）`, `${typeText(r.type)} ${r.alarms} 次`]),
    ...d.text.map((t, i) => [`处置结论 ${i + 1}`, t, '']),
  ];
}

/** 八、处置情况 of the printed report: the review figures against the period before, repeated alarms, the section's conclusion. */
export function disposalHtml(d: ReportDisposal): string {
  return `<section><h2>八、处置情况</h2>
  <table class="grid block"><thead><tr><th>指标</th><th>本期</th><th>上期</th></tr></thead><tbody>
  ${ROWS.map(([label, value]) => `<tr><td>${label}</td><td>${esc(value(d.current))}</td><td>${esc(value(d.previous))}</td></tr>`).join('')}
  </tbody></table>
  <table class="grid"><thead><tr><th>序号</th><th>重复报警设备（同类报警 ≥ ${d.repeatMin} 次）</th><th>项目</th><th>类型</th><th>报警数</th></tr></thead><tbody>
  ${
    d.repeated.length
      ? d.repeated
          .map(
            (r, i) =>
              `<tr><td>${i + 1}</td><td>${esc(r.name)}</td><td>${esc(r.projectName)}</td><td>${typeText(r.type)}</td><td>${r.alarms}</td></tr>`,
          )
          .join('')
      : '<tr><td colspan="5">本期无重复报警设备</td></tr>'
  }
  </tbody></table>
  <ol class="conclusion block">${d.text.map((t) => `<li>${esc(t)}</li>`).join('')}</ol>
</section>`;
}
