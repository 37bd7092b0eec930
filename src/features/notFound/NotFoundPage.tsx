import { navigate } from 'wouter/use-hash-location';
import { landingPath } from '../../../domain/access';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { NoticePage } from '../../app/ui/NoticePage';

/** A path no route answers (say /#/admin): says so and offers the way home instead of a blank page. */
export default function NotFoundPage({ path }: { path: string }) {
  useLanguage();
  const { profile } = useSession();
  const home = profile ? landingPath(profile, '/') : '/login';
  return (
    <NoticePage
      testId="not-found"
      iconClassName="text-muted"
      title={t('notFound.title')}
      text={t('notFound.text', { path })}
      // the path as typed, broken anywhere: it has no spaces
      textClassName="break-all"
    >
      <button
        type="button"
        data-testid="not-found-home"
        className="rounded bg-brand px-4 py-1.5 text-sm text-brand-ink"
        onClick={() => navigate(home, { replace: true })}
      >
        {t('notFound.home')}
      </button>
    </NoticePage>
  );
}
