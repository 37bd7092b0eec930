import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tx } from '../text/text';
import { METADATA_HOSTS, refusedAddress, type AddressVerdict } from './addressPolicy';
import { SendError, excerpt } from './sendError';

export interface SafeRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
}

export interface SafeAnswer {
  status: number;
  body: string;
}

export interface FetchPolicy {
  /** NOTIFY_ALLOW_PRIVATE: loopback, link-local and private receivers allowed (metadata never) */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
}

export const SEND_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const MAX_ANSWER_BYTES = 64 * 1024;

const refusal = (verdict: AddressVerdict, where: string) =>
  new SendError(
    verdict === 'metadata'
      ? tx(`地址不允许：${where} 是云平台元数据地址`, `Address refused: ${where} is a cloud metadata address`)
      : tx(
          `地址不允许：${where} 是回环、链路本地或内网地址（NOTIFY_ALLOW_PRIVATE=1 时允许）`,
          `Address refused: ${where} is a loopback, link-local or private address (allowed with NOTIFY_ALLOW_PRIVATE=1)`,
        ),
  );

/** Checks what can be checked before connecting: the scheme, a metadata host name, a literal address. */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SendError(tx('地址无法解析', 'The URL cannot be read'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SendError(tx('地址须为 http 或 https', 'The URL must be http or https'));
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(host)) throw refusal('metadata', host);
  if (net.isIP(host)) {
    const verdict = refusedAddress(host, allowPrivate);
    if (verdict) throw refusal(verdict, host);
  }
  return url;
}

/**
 * The agent's lookup: the address is judged after resolution, on the very address the socket connects
 * to, so a name that resolves to 127.0.0.1 (or re-resolves differently, DNS rebinding) is refused too.
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      for (const a of addresses) {
        const verdict = refusedAddress(a.address, allowPrivate);
        if (verdict) return callback(refusal(verdict, `${hostname} (${a.address})`) as NodeJS.ErrnoException, '', 4);
      }
      const all = (options as { all?: boolean }).all;
      if (all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function once(
  url: URL,
  req: SafeRequest,
  policy: FetchPolicy,
  deadline: number,
): Promise<{ status: number; body: string; location?: string }> {
  const lookup = guardedLookup(policy.allowPrivate);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = Math.max(1, deadline - Date.now());
    const request = client.request(
      url,
      {
        method: req.method ?? 'POST',
        headers: req.body !== undefined ? { 'content-length': Buffer.byteLength(req.body), ...req.headers } : req.headers,
        lookup,
        // one connection per request: a pooled socket would skip the address check of a new lookup
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ...(res.headers.location ? { location: res.headers.location } : {}),
          });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new SendError(tx('超时', 'Timed out'))), remaining);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(req.body);
  });
}

/**
 * An HTTP(S) request to a receiver configured by a user: only http(s), only to addresses the policy
 * allows (checked again on every redirect), at most a few redirects, 10 s in all. Answers any status;
 * the sender decides what counts as delivered.
 */
export async function safeFetch(req: SafeRequest, policy: FetchPolicy): Promise<SafeAnswer> {
  const deadline = Date.now() + (policy.timeoutMs ?? SEND_TIMEOUT_MS);
  let url = checkUrl(req.url, policy.allowPrivate);
  let current = req;
  for (let hop = 0; ; hop++) {
    const answer = await once(url, current, policy, deadline);
    const redirect = answer.location && [301, 302, 303, 307, 308].includes(answer.status);
    if (!redirect) return { status: answer.status, body: answer.body };
    if (hop >= (policy.maxRedirects ?? MAX_REDIRECTS))
      throw new SendError(tx('重定向次数过多', 'Too many redirects'), answer.status, excerpt(answer.body));
    url = checkUrl(new URL(answer.location!, url).toString(), policy.allowPrivate);
    // 303 (and, as browsers do, 301/302 after a POST) continue as a GET without the body
    if (answer.status !== 307 && answer.status !== 308) {
      const { body: _body, ...rest } = current;
      current = { ...rest, method: 'GET' };
    }
  }
}
