import { tx } from '../../text/text';
import type { SendAnswer } from '../message';
import { SendError, excerpt } from '../sendError';

/** A 2xx answer is delivered; any other is a failure that says the status and what came back. */
export function requireHttpOk(answer: SendAnswer): SendAnswer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const text = excerpt(answer.body.trim(), 200);
  throw new SendError(tx(`HTTP ${answer.status}: ${text}`, `HTTP ${answer.status}: ${text}`), answer.status, excerpt(answer.body));
}

/**
 * The robots answer HTTP 200 with their own code in the body (企业微信/钉钉 errcode, 飞书 code or
 * StatusCode): anything but 0 is a failure in their words.
 */
export function requireRobotOk(answer: SendAnswer, robot: { zh: string; en: string }): SendAnswer {
  requireHttpOk(answer);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return answer;
  }
  const code = parsed.errcode ?? parsed.code ?? parsed.StatusCode ?? 0;
  if (code === 0 || code === '0') return answer;
  const why = String(parsed.errmsg ?? parsed.msg ?? parsed.StatusMessage ?? '');
  throw new SendError(
    tx(`${robot.zh}返回错误 ${code}：${why}`, `${robot.en} answered error ${code}: ${why}`),
    answer.status,
    excerpt(answer.body),
  );
}
