import { inflateSync } from 'node:zlib';

/**
 * What a test reads of a PDF Chromium printed, without a PDF library: the page boxes, and whether a
 * text is on the pages. Chromium writes text as glyph codes of subset fonts, each with a ToUnicode map;
 * a text is found when, under one font's map, its glyph codes occur in order in a page's text runs.
 */
export interface PdfFacts {
  /** each page's MediaBox width and height in points, rounded */
  pages: [number, number][];
  has: (text: string) => boolean;
}

function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const text = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw));
    } catch {
      out.push(raw);
    }
    re.lastIndex = end;
  }
  return out;
}

/** A ToUnicode CMap: unicode text → the glyph code (hex) that shows it. */
function readCMap(cmap: string): Map<string, string> {
  const codes = new Map<string, string>();
  const uni = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) codes.set(uni(m[2]!), m[1]!.toUpperCase());
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [lo, hi, first] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
      for (let c = lo; c <= hi; c++)
        codes.set(String.fromCodePoint(first + c - lo), c.toString(16).toUpperCase().padStart(m[1]!.length, '0'));
    }
  return codes;
}

export function readPdf(pdf: Buffer): PdfFacts {
  const text = pdf.toString('latin1');
  const pages = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))] as [number, number],
  );
  const decoded = streams(pdf).map((s) => s.toString('latin1'));
  const cmaps = decoded.filter((s) => s.includes('beginbfchar') || s.includes('beginbfrange')).map(readCMap);
  // the glyph codes of each content stream's text runs, one string (the numbers between them dropped)
  const runs = decoded
    .filter((s) => /\bT[Jj]\b/.test(s))
    .map((s) => [...s.matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((m) => m[1]!.replace(/\s/g, '').toUpperCase()).join(''));
  const has = (wanted: string) =>
    cmaps.some((cmap) => {
      const chars = [...wanted.replace(/\s/g, '')];
      if (!chars.every((c) => cmap.has(c))) return false;
      const codes = chars.map((c) => cmap.get(c)!).join('');
      return runs.some((r) => r.includes(codes));
    });
  return { pages, has };
}
