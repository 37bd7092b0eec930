import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { BoltLogo } from '../../app/ui/icons';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { checkCredentials, CredentialFields, type Credentials } from '../../app/session/CredentialFields';
import { noticeText } from '../../app/session/sessionEnd';
import type { SessionNotice } from '../../../machines/sessionMachine';
import type { MessageKey } from '../../app/i18n/i18n';

/** Why the user is on the login page: the session ended (and how), or the kiosk link's token was refused. */
function LoginNotice({ notice }: { notice: SessionNotice }) {
  const good = notice.kind === 'passwordChanged';
  return (
    <div
      role="status"
      data-testid="login-notice"
      data-notice={notice.kind}
      className={`mb-4 rounded border px-3 py-2 text-sm ${good ? 'border-ok/40 bg-ok/10 text-ok' : 'border-warn/50 bg-warn/10 text-ink'}`}
    >
      <div>{noticeText(notice)}</div>
      {notice.kind === 'ended' && (
        <div className="mt-1 text-xs text-muted" data-testid="login-notice-reason">
          {t(`session.reason.${notice.reason}` as MessageKey)}
        </div>
      )}
    </div>
  );
}

/** Login: user name and password; Enter submits; the server's msg is shown on failure. */
export default function LoginPage() {
  useLanguage();
  const { state, error, notice, send } = useSession();
  const busy = state === 'loggingIn' || state === 'loadingUser';
  // the session machine signs in and says how it went (error, notice): the form only checks and sends
  const form = useFormDialog({
    open: true,
    initial: (): Credentials => ({ userName: '', password: '' }),
    validate: (c) => checkCredentials(c, { userName: t('login.userNameRequired'), password: t('login.passwordRequired') }),
    submit: async (c) => {
      if (!busy) send({ type: 'LOGIN', ...c });
    },
    successText: null,
  });

  return (
    <div className="flex min-h-full items-center justify-center bg-gradient-to-br from-[#0b3d75] via-[#0b5cad] to-[#0a2a52] p-6">
      <form {...form.formProps} className="w-[23.75rem] rounded-xl bg-surface p-8 text-ink shadow-2xl" data-testid="login-form">
        <div className="mb-6 flex items-center gap-3">
          <BoltLogo width="2.25rem" height="2.25rem" />
          <div>
            <div className="text-lg font-semibold">Voltguard</div>
            <div className="text-sm text-muted">{t('app.name')}</div>
          </div>
        </div>
        <h1 className="mb-4 text-base font-medium">{t('login.title')}</h1>
        {notice && !error && <LoginNotice notice={notice} />}
        <CredentialFields
          userName={form.field('userName')}
          password={form.field('password')}
          userNameProps={{ autoComplete: 'username', autoFocus: true }}
        />
        {error && (
          <p
            role="alert"
            data-testid="login-error"
            className="mb-3 rounded border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="mt-2 w-full rounded bg-brand py-2 text-sm font-medium text-brand-ink disabled:opacity-60"
        >
          {t('login.submit')}
        </button>
      </form>
    </div>
  );
}
