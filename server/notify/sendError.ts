import { tx, type Text } from '../text/text';

/** A failed send, said in words in both languages (连接被拒绝, 超时, HTTP 500: …), with what answered. */
export class SendError extends Error {
  constructor(
    readonly text: Text,
    readonly status: number | null = null,
    readonly body = '',
  ) {
    super(text.en);
    this.name = 'SendError';
  }
}

/** The first characters of an answer, enough to say what went wrong without storing a page. */
export const excerpt = (body: string, max = 500) => (body.length > max ? `${body.slice(0, max)}…` : body);

/** A network or protocol failure in words. */
export function failureText(err: unknown): Text {
  if (err instanceof SendError) return err.text;
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return tx('连接被拒绝', 'Connection refused');
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
    case 'ETIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return tx('超时', 'Timed out');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return tx('域名无法解析', 'The host name cannot be resolved');
    case 'ECONNRESET':
    case 'EPIPE':
      return tx('连接被对方断开', 'The connection was reset');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return tx('网络不可达', 'The network is unreachable');
    case 'EAUTH':
      return tx('邮件服务器认证失败', 'The mail server refused the login');
    case 'ECONNECTION':
      return tx('无法连接邮件服务器', 'Cannot connect to the mail server');
    default: {
      const message = err instanceof Error ? err.message : String(err);
      return tx(`发送失败：${excerpt(message, 200)}`, `Sending failed: ${excerpt(message, 200)}`);
    }
  }
}
