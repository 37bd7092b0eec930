import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DIGEST_PATTERN } from '../../domain/digest';
import type { userInfoSchema } from '../../domain/telemetry';
import type { Session } from '../auth/access';
import { verifyPassword } from '../auth/passwords';
import { errors } from '../errors';
import { tx } from '../text/text';

const SKEW_MS = 5 * 60_000;

/**
 * Operation verification (spec §5/§6): a remote command needs the caller's own credentials again.
 * The password is the wire digest sha256_hex("voltguard" + plain), checked against the stored scrypt hash.
 */
export async function verifyOperator(app: FastifyInstance, session: Session, info: z.infer<typeof userInfoSchema>): Promise<void> {
  if (info.userName !== session.userName) throw errors.REMOTE_VERIFY_FAILED(tx('须由当前登录用户验证', 'the signed-in user must verify'));
  if (info.timestamps !== undefined && Math.abs(Date.now() - info.timestamps) > SKEW_MS) throw errors.CLOCK_SKEW();
  const user = await app.db.selectFrom('app_user').select('passwordHash').where('id', '=', session.userId).executeTakeFirst();
  const good = !!user && DIGEST_PATTERN.test(info.password) && (await verifyPassword(info.password, user.passwordHash));
  if (!good) throw errors.REMOTE_VERIFY_FAILED(tx('用户名或密码错误', 'wrong user name or password'));
}
