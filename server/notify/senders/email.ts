import dns from 'node:dns/promises';
import net from 'node:net';
import type { EmailConfig } from '../../../domain/schemas/notify';
import { tx } from '../../text/text';
import type { OutgoingMessage, SendAnswer, SendOptions } from '../message';
import { METADATA_HOSTS, refusedAddress } from '../addressPolicy';
import { SEND_TIMEOUT_MS } from '../safeFetch';
import { SendError } from '../sendError';

/** The SMTP server's address, judged like a webhook's (the connection goes to the address checked). */
async function smtpAddress(host: string, allowPrivate: boolean): Promise<string> {
  if (METADATA_HOSTS.has(host.toLowerCase())) throw new SendError(tx(`地址不允许：${host}`, `Address refused: ${host}`));
  const address = net.isIP(host) ? host : (await dns.lookup(host)).address;
  const verdict = refusedAddress(address, allowPrivate);
  if (verdict)
    throw new SendError(
      tx(
        `地址不允许：${host} (${address}) 是${verdict === 'metadata' ? '云平台元数据' : '回环、链路本地或内网'}地址`,
        `Address refused: ${host} (${address}) is a ${verdict === 'metadata' ? 'cloud metadata' : 'loopback, link-local or private'} address`,
      ),
    );
  return address;
}

/** E-mail over SMTP: TLS from the start, STARTTLS required, or plain (on-premise relays). */
export async function sendEmail(config: EmailConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  const to = msg.to ? [msg.to] : config.to;
  if (!to.length) throw new SendError(tx('没有收件人', 'No recipient'));
  const address = await smtpAddress(config.host, options.allowPrivate);
  const { default: nodemailer } = await import('nodemailer'); // at the first e-mail, not at start
  const transport = nodemailer.createTransport({
    host: address,
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    // certificates are checked against the configured name, not the address connected to
    tls: { servername: config.host },
    ...(config.user ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({
      from: config.from,
      to,
      subject: msg.title,
      text: msg.link ? `${msg.text}\n\n${msg.link}` : msg.text,
      headers: { 'X-Voltguard-Delivery': msg.deliveryId },
      messageId: `<${msg.deliveryId}@voltguard>`,
    });
    const code = /^(\d{3})/.exec(info.response)?.[1];
    return { status: code ? Number(code) : 250, body: info.response };
  } finally {
    transport.close();
  }
}
