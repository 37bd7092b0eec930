import { USER_TYPE } from '../../domain/enums';
import { errors } from '../errors';
import { requirePermission, type Session } from '../auth/access';

/**
 * Platform screens belong to the platform side: a project user (type 3) is refused whatever its role
 * holds, so a role copied from a platform role cannot open them.
 */
export function requirePlatformPage(session: Session, page: 'wp_platform_operate' | 'wp_platform_user'): void {
  if (!session.isRoot && session.userType === USER_TYPE.PROJECT) throw errors.DENIED();
  requirePermission(session, page);
}

/** Changes across tenants (create/suspend, who serves what) need a platform user or root. */
export function requirePlatformWriter(session: Session, page: 'wp_platform_operate' | 'wp_platform_user'): void {
  requirePlatformPage(session, page);
  if (session.tenants !== 'all') throw errors.DENIED();
}
