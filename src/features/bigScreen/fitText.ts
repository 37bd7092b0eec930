/**
 * A wall's figure on one line in its card, whatever its text: its width in em estimated from its
 * characters (the console's sans: CJK a whole em, digits and letters about 0.58, spaces and stops
 * less), and a font size no larger than `maxRem` that fits it in its container's width (the card is
 * a container: cqw). A figure that wrapped to a second line ("1 h 23 min" in a narrow card) made the
 * row of cards taller and took that height from the rankings under it.
 */
export function emsOf(text: string): number {
  let ems = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x2e80) ems += 1;
    else if (ch === ' ') ems += 0.26;
    else if (ch === '.' || ch === ':' || ch === ',') ems += 0.3;
    else if (ch === '%') ems += 0.86;
    else ems += 0.6;
  }
  return ems;
}

/** The CSS font size of a one-line figure: `maxRem`, or less when the text is wider than its container. */
export function fitFontSize(text: string, maxRem: number): string {
  // 4 % to spare: the estimate is of the usual glyphs, not of every font a browser may fall back to
  const perEm = 100 / (Math.max(1, emsOf(text)) * 1.04);
  return `min(${maxRem}rem, ${perEm.toFixed(2)}cqw)`;
}
