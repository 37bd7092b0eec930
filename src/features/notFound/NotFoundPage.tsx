import { navigate } from 'wouter/use-hash-location';
import { landingPath } from '../../../domain/access';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { ShieldIcon } from '../../app/ui/icons';

/** A path no route answers (say /#/admin): says so and offers the way home instead of a blank page. */
export default function NotFoundPage({ path }: { path: string }) {
  useLanguage();
  const { profile } = useSession();
  const home = profile ? landingPath(profile, '/') : '/login';
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="max-w-md rounded-xl border border-line bg-surface p-8 text-center" data-testid="not-found">
        <ShieldIcon width="3rem" height="3rem" className="mx-auto text-muted" />
        <h1 className="mt-3 text-xl font-semibold">{t('notFound.title')}</h1>
        <p className="mt-2 text-sm break-all text-muted">{t('notFound.text', { path })}</p>
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            data-testid="not-found-home"
            className="rounded bg-brand px-4 py-1.5 text-sm text-brand-ink"
            onClick={() => navigate(home, { replace: true })}
          >
            {t('notFound.home')}
          </button>
        </div>
      </div>
    </div>
  );
}
