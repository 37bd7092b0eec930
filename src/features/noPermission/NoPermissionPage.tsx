import { navigate } from 'wouter/use-hash-location';
import { landingPath } from '../../../domain/access';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { ShieldIcon } from '../../app/ui/icons';

/** /noPermission, always open: says why and offers a way on. */
export default function NoPermissionPage() {
  useLanguage();
  const { profile, send } = useSession();
  const home = profile ? landingPath(profile, '/') : '/login';
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="max-w-md rounded-xl border border-line bg-surface p-8 text-center" data-testid="no-permission">
        <ShieldIcon width="3rem" height="3rem" className="mx-auto text-warn" />
        <h1 className="mt-3 text-xl font-semibold">{t('route.noPermission')}</h1>
        <p className="mt-2 text-sm text-muted">{t('noPermission.text')}</p>
        <div className="mt-6 flex justify-center gap-3">
          {profile && home !== '/noPermission' && (
            <button type="button" className="rounded bg-brand px-4 py-1.5 text-sm text-brand-ink" onClick={() => navigate(home)}>
              {t('noPermission.goHome')}
            </button>
          )}
          <button
            type="button"
            className="rounded border border-line px-4 py-1.5 text-sm"
            onClick={() => (profile ? send({ type: 'LOGOUT' }) : navigate('/login'))}
          >
            {t('noPermission.relogin')}
          </button>
        </div>
      </div>
    </div>
  );
}
