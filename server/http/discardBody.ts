import type { IncomingMessage } from 'node:http';

/** Read and thrown away at most this much of a refused body before answering. */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
/** …and for at most this long (a client trickling its body must not hold the connection). */
const DISCARD_TIMEOUT_MS = 10_000;

/**
 * Reads the rest of a request body nobody will use (one refused as too large) until it ends, the
 * limit is passed or the time is up. Answering while the client is still sending makes the server
 * close a socket with unread data: the kernel then resets the connection, and a client still writing
 * gets EPIPE or ECONNRESET instead of the 413 envelope. With the body read, the answer goes out and
 * the connection closes cleanly.
 */
export function discardBody(raw: IncomingMessage, limit = DISCARD_LIMIT_BYTES, timeoutMs = DISCARD_TIMEOUT_MS): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) done();
    };
    const timer = setTimeout(done, timeoutMs);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}
