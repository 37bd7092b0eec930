import { t } from '../i18n/i18n';
import { FormTextField } from '../ui/form/FormFields';
import type { FieldBinding } from '../ui/form/useFormDialog';
import { checkedBy, type Checked } from '../widgets/formErrors';

/** A user name and password typed to sign in or to confirm a remote command (操作验证). */
export interface Credentials {
  userName: string;
  password: string;
}

/** Both are required (each page says so in its own words); the user name is sent trimmed. */
export function checkCredentials(c: Credentials, required: { userName: string; password: string }): Checked<Credentials> {
  const userName = c.userName.trim();
  return checkedBy(
    { ...(userName ? {} : { userName: required.userName }), ...(c.password ? {} : { password: required.password }) },
    { userName, password: c.password },
  );
}

/** The user-name and password fields of the login page and of 操作验证, under the names the page's tests know. */
export function CredentialFields({
  userName,
  password,
  userNameProps,
}: {
  userName: FieldBinding<string>;
  password: FieldBinding<string>;
  /** the login page's user name fills from the browser's saved logins and takes the focus */
  userNameProps?: { autoComplete: string; autoFocus: boolean };
}) {
  return (
    <>
      <FormTextField label={t('login.userName')} field={userName} {...userNameProps} />
      <FormTextField label={t('login.password')} field={password} type="password" autoComplete="current-password" />
    </>
  );
}
