import net from 'node:net';

/**
 * Which addresses a notification may be sent to (docs/notifications.md "SSRF"): cloud metadata
 * endpoints never; loopback, link-local, private, CGNAT and unique-local only when the operator
 * allows private receivers (NOTIFY_ALLOW_PRIVATE=1, for on-premise receivers and tests).
 */
export type AddressVerdict = 'metadata' | 'private' | null;

const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);
export const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'metadata.azure.com', 'instance-data']);

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_PRIVATE: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
];

function v4Private(ip: string): boolean {
  const n = v4Number(ip);
  return V4_PRIVATE.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base);
    return n >= start && n < start + size;
  });
}

/** The 8 groups of an IPv6 address, as numbers (an embedded dotted IPv4 tail becomes two groups). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = tail !== undefined ? new Array<string>(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16));
}

/** What an address is, or null when any receiver may have it. */
export function classifyAddress(ip: string): AddressVerdict {
  const family = net.isIP(ip);
  if (family === 4) {
    if (METADATA_ADDRESSES.has(ip)) return 'metadata';
    return v4Private(ip) ? 'private' : null;
  }
  if (family !== 6) return 'private';
  const g = v6Groups(ip);
  const canonical = g.map((n) => n.toString(16)).join(':');
  if ([...METADATA_ADDRESSES].some((m) => net.isIPv6(m) && v6Groups(m).join(':') === g.join(':'))) return 'metadata';
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address: judge that one
  const mapped = g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((n) => n === 0);
  if (mapped || nat64) return classifyAddress(`${g[6]! >>> 8}.${g[6]! & 255}.${g[7]! >>> 8}.${g[7]! & 255}`);
  if (canonical === '0:0:0:0:0:0:0:0' || canonical === '0:0:0:0:0:0:0:1') return 'private';
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return 'private'; // fe80::/10 link-local
  if ((first & 0xff00) === 0xff00) return 'private'; // multicast
  return null;
}

/** Whether a connection to this address is refused: metadata always, private unless allowed. */
export function refusedAddress(ip: string, allowPrivate: boolean): AddressVerdict {
  const verdict = classifyAddress(ip);
  if (verdict === 'metadata') return verdict;
  return verdict === 'private' && !allowPrivate ? verdict : null;
}
