import { navigate } from 'wouter/use-hash-location';
import { landingPath } from '../../../domain/access';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { NoticePage } from '../../app/ui/NoticePage';

/** /noPermission, always open: says why and offers a way on. */
export default function NoPermissionPage() {
  useLanguage();
  const { profile, send } = useSession();
  const home = profile ? landingPath(profile, '/') : '/login';
  return (
    <NoticePage testId="no-permission" iconClassName="text-warn" title={t('route.noPermission')} text={t('noPermission.text')}>
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
    </NoticePage>
  );
}
