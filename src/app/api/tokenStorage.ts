const TOKEN_KEY = 'vg.token';
const USER_KEY = 'vg.userId';

/** The app token lives in session storage: a tab's login, gone when the tab closes. */
export const tokenStorage = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set(token: string, userId?: number) {
    sessionStorage.setItem(TOKEN_KEY, token);
    if (userId !== undefined) sessionStorage.setItem(USER_KEY, String(userId));
  },
  userId: () => sessionStorage.getItem(USER_KEY),
  clear() {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(USER_KEY);
  },
};

/**
 * A token may arrive in the URL query (kiosk displays open a URL with ?token=...), either before the
 * hash or inside it. It is taken out of the address bar so it does not linger in history.
 */
export function takeTokenFromUrl(loc: Location = window.location): string | null {
  const search = new URLSearchParams(loc.search);
  const [hashPath, hashQuery = ''] = loc.hash.replace(/^#/, '').split('?');
  const inHash = new URLSearchParams(hashQuery);
  const token = search.get('token') ?? inHash.get('token');
  if (!token) return null;
  search.delete('token');
  inHash.delete('token');
  const qs = search.toString();
  const hq = inHash.toString();
  const url = `${loc.pathname}${qs ? `?${qs}` : ''}#${hashPath || '/'}${hq ? `?${hq}` : ''}`;
  window.history.replaceState(null, '', url);
  return token;
}
