/**
 * The client of bench/history.ts in a process of its own, as a browser is: the parent sends one request
 * at a time; this process times it — sent → whole answer read — and reports the time and the answer's
 * size. In the parent's process the client's own work (undici reading 0.7 MB) took the server's thread
 * too and counted as the server's.
 */
interface Ask {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  read: 'arrayBuffer' | 'json';
}

process.on('message', (ask: Ask) => {
  void (async () => {
    const t = performance.now();
    const res = await fetch(ask.url, { method: 'POST', headers: ask.headers, body: JSON.stringify(ask.body) });
    const answer = ask.read === 'json' ? JSON.stringify(await res.json()).length : (await res.arrayBuffer()).byteLength;
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${ask.url} answered ${res.status}`);
    process.send!({ ms, bytes: answer });
  })();
});
process.on('disconnect', () => process.exit(0));
