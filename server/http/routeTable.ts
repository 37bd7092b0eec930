/**
 * Which methods each registered path takes, so a known path asked with another method answers
 * "method not allowed" (405) instead of "no such service". Patterns are Fastify's: `:param` segments
 * and a trailing `*`.
 */
export class RouteTable {
  private readonly entries: { re: RegExp; methods: Set<string> }[] = [];
  private readonly byPattern = new Map<string, Set<string>>();

  add(method: string | string[], url: string): void {
    let methods = this.byPattern.get(url);
    if (!methods) {
      methods = new Set();
      this.byPattern.set(url, methods);
      const re = new RegExp(
        '^' +
          url
            .split('/')
            .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/') +
          '/?$',
      );
      this.entries.push({ re, methods });
    }
    for (const m of Array.isArray(method) ? method : [method]) methods.add(m);
  }

  /** Methods registered for a concrete path (percent-decoded as the router decodes it). */
  methodsOf(rawPath: string): string[] {
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      // an undecodable path matches nothing
      return [];
    }
    const found = new Set<string>();
    for (const e of this.entries) if (e.re.test(path)) e.methods.forEach((m) => found.add(m));
    return [...found].sort();
  }
}
