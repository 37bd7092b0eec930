/**
 * The notification receiver of bench/notify.ts, in its own process: a plain HTTP server on a free
 * 127.0.0.1 port standing in for the generic webhook, the 企业微信 robot and the 钉钉 robot (one path
 * each). Every message is answered at once (`errcode: 0`, what the robots answer; any 2xx for the
 * webhook) and kept with its receive time (Date.now(), the clock the gateway process stamps its sends
 * with) and what identifies it: the webhook's delivery ids, the robots' markdown. On `collect` it hands
 * what it has to its parent (and goes on answering).
 */
import http from 'node:http';

export interface Received {
  /** /webhook, /wecom or /dingtalk */
  path: string;
  /** receive time, epoch ms */
  t: number;
  /** webhook: the carrier's delivery id and the ids it merged */
  ids?: string[];
  /** robots: the markdown content */
  markdown?: string;
}

const received: Received[] = [];
let bad = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const t = Date.now();
    const path = (req.url ?? '').split('?')[0]!;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        deliveryId?: string;
        mergedDeliveryIds?: string[];
        markdown?: { content?: string; text?: string };
      };
      if (path.startsWith('/webhook/')) received.push({ path, t, ids: [body.deliveryId!, ...(body.mergedDeliveryIds ?? [])] });
      else received.push({ path, t, markdown: body.markdown?.content ?? body.markdown?.text ?? '' });
    } catch {
      bad++;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"errcode":0,"errmsg":"ok"}');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.send!({ type: 'listening', port: typeof addr === 'object' && addr ? addr.port : 0 });
});
process.on('message', (m: { type: string }) => {
  if (m.type === 'count') process.send!({ type: 'count', n: received.length });
  if (m.type === 'collect') process.send!({ type: 'collected', received: received.splice(0), bad });
});
process.on('disconnect', () => process.exit(0));
