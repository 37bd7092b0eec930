import { ALARM_THEMES, alarmCssVariables } from '../../../domain/alarmLanguage';

/**
 * Writes the alarm language's colours (domain/alarmLanguage.ts) into the page as custom properties per
 * theme, so CSS, SVG and inline styles of every screen read the one definition.
 */
export function installAlarmTokens(doc: Document = document): void {
  if (doc.getElementById('vg-alarm-tokens')) return;
  const rules = ALARM_THEMES.map((theme) => {
    const selector = theme === 'bright' ? `:root, [data-theme='bright']` : `[data-theme='${theme}']`;
    const body = Object.entries(alarmCssVariables(theme))
      .map(([k, v]) => `${k}: ${v};`)
      .join(' ');
    return `${selector} { ${body} }`;
  });
  const style = doc.createElement('style');
  style.id = 'vg-alarm-tokens';
  style.textContent = rules.join('\n');
  doc.head.appendChild(style);
}
