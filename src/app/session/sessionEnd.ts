import type { SessionNotice } from '../../../machines/sessionMachine';
import { t } from '../i18n/i18n';

const NOTICE_KEY = 'vg.loginNotice';
const PAGE_KEY = 'vg.returnTo';
/** Pages not worth returning to. */
const NOT_A_PAGE = new Set(['/', '/login', '/noPermission']);

/**
 * What survives the reload after a session ends, in the tab's session storage: why (for the login
 * page) and where the user was (to return there after the next login).
 */
export const sessionEnd = {
  keepNotice(notice: SessionNotice) {
    sessionStorage.setItem(NOTICE_KEY, JSON.stringify(notice));
  },
  takeNotice(): SessionNotice | null {
    const raw = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    try {
      const v = raw ? (JSON.parse(raw) as SessionNotice) : null;
      return v && typeof v.kind === 'string' ? v : null;
    } catch {
      return null;
    }
  },
  keepPage(path: string) {
    if (!NOT_A_PAGE.has(path)) sessionStorage.setItem(PAGE_KEY, path);
  },
  peekPage: () => sessionStorage.getItem(PAGE_KEY),
  takePage(): string | null {
    const p = sessionStorage.getItem(PAGE_KEY);
    sessionStorage.removeItem(PAGE_KEY);
    return p;
  },
};

/** The one message of a session's end: spec §8's words for a 401 and for an ended session. */
export function noticeText(notice: SessionNotice): string {
  switch (notice.kind) {
    case 'unauthorized':
      return t('session.unauthorized');
    case 'ended':
      return t('session.ended');
    case 'linkInvalid':
      return t('login.linkInvalid');
    case 'passwordChanged':
      return t('login.passwordChanged');
  }
}
