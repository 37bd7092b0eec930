import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP receiver on a free 127.0.0.1 port: records every request and answers with the next
 * status of `answers` (then 200), or not at all while `hold` is set (a send in flight).
 */
export async function httpReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const held: http.ServerResponse[] = [];
  let hold = false;
  let answerBody = '{"errcode":0,"errmsg":"ok"}';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (hold) {
        held.push(res);
        return;
      }
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' });
      res.end(answerBody);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    setHold(on: boolean) {
      hold = on;
    },
    /** answers the requests held so far, 200 each */
    release() {
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answerBody);
      }
    },
    setAnswerBody(body: string) {
      answerBody = body;
    },
    /** only the requests to one path */
    at: (path: string) => received.filter((r) => r.url.split('?')[0] === path),
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type HttpReceiver = Awaited<ReturnType<typeof httpReceiver>>;

interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP server (smtp-server, no TLS, no auth) that keeps every message it is given. */
export async function smtpReceiver() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
