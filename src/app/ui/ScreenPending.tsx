import { findRoute } from '../../../domain/routes';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';

/**
 * What a route shows until the issue that builds its screen lands: its title and the page permission
 * it needs, stated plainly rather than dressed up as a finished screen.
 */
export function ScreenPending({ path }: { path: string }) {
  useLanguage();
  const route = findRoute(path);
  if (!route) return null;
  return (
    <section className="m-6 rounded-lg border border-line bg-surface p-8" data-testid="screen-pending">
      <h1 className="text-xl font-semibold">{t(route.titleKey as MessageKey)}</h1>
      <p className="mt-3 text-sm text-muted">{t('screen.pendingTitle')}</p>
      <p className="mt-1 text-sm">
        {t('screen.requiredPermission')}
        {t('punct.colon')}
        <code className="rounded bg-surface-2 px-1.5 py-0.5">{route.permission}</code>
      </p>
    </section>
  );
}
