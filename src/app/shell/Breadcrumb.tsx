import { navigate } from 'wouter/use-hash-location';
import { findRoute, MENU_GROUPS } from '../../../domain/routes';
import { landingPath, type AccessProfile } from '../../../domain/access';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';
import { BackIcon, HomeIcon } from '../ui/icons';

/** Breadcrumb with a back icon (history back, else home) and a home icon (the landing page). */
export function Breadcrumb({ location, profile }: { location: string; profile: AccessProfile }) {
  useLanguage();
  const route = findRoute(location);
  const group = route && MENU_GROUPS.find((g) => g.id === route.group);
  const home = landingPath(profile, '/');
  return (
    <div className="flex h-10 shrink-0 items-center gap-2 border-b border-line bg-surface px-4 text-sm" data-testid="breadcrumb">
      <button
        type="button"
        title={t('common.back')}
        className="rounded p-1 text-muted hover:text-ink"
        onClick={() => (window.history.length > 1 ? window.history.back() : navigate(home))}
      >
        <BackIcon width="1rem" height="1rem" />
      </button>
      <button type="button" title={t('common.home')} className="rounded p-1 text-muted hover:text-ink" onClick={() => navigate(home)}>
        <HomeIcon width="1rem" height="1rem" />
      </button>
      <span className="text-muted">/</span>
      {group && <span className="text-muted">{t(group.titleKey as MessageKey)}</span>}
      {group && <span className="text-muted">/</span>}
      {route && <span className="font-medium">{t(route.titleKey as MessageKey)}</span>}
    </div>
  );
}
