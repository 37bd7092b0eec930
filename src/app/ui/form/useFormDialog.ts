import { useRef, useState } from 'react';
import type { Draft } from 'immer';
import { ApiError } from '../../api/client';
import { t } from '../../i18n/i18n';
import { useImmer } from '../../useImmer';
import type { Checked, FieldErrors } from '../../widgets/formErrors';
import { toastSuccess } from '../toastStore';

interface FormDialogOptions<F, D, R> {
  /** whether the dialog shows: each opening starts a fresh draft from `initial` */
  open: boolean;
  /** the draft a fresh opening starts from (an edited row's values, or an empty form) */
  initial: () => F;
  /** what `initial` is made from: a change while the dialog is open starts the draft again */
  resetOn?: readonly unknown[];
  /** the field messages that refuse a draft, or the data to send (a shared zod schema through validateForm, or checkedBy) */
  validate?: (draft: F) => Checked<D>;
  /** sends the data; rejects (an ApiError from the client) when the server refuses */
  submit: (data: D, draft: F) => Promise<R>;
  /** what success does after the toast: the parent closes the dialog there and reloads (none where `submit` does it all) */
  onSaved?: (result: R) => void;
  /** the success toast; null: none (the caller shows its own) */
  successText?: string | null;
  /**
   * where a refusal's message goes. 'toast' (most dialogs): the API client has shown the server's
   * {code, msg} as a toast already. 'inline': the dialog shows it above its buttons (serverError): the
   * message of what `submit` rejected with (an ApiError, or the Error a dialog throws for a refusal
   * that comes as an answer).
   */
  serverError?: 'toast' | 'inline';
  /**
   * whether typing answers an error: true clears the field's own message on change; a map names the
   * message a field's change answers where it is another's (two fields share one message).
   */
  answers?: true | Partial<Record<keyof F, string>>;
}

/** What a field component takes: the field's name, value, message and change. */
export interface FieldBinding<V> {
  name: string;
  value: V;
  error: string | undefined;
  onChange: (value: V) => void;
}

export interface FormDialog<F> {
  draft: F;
  /** an immer edit of the draft (several fields at once, a Set's members) */
  update: (edit: (draft: Draft<F>) => void) => void;
  /**
   * one field's new value, with the fields that start again when it changes (`also`: another tenant's
   * roles are not this one's); answers its error where the dialog says so
   */
  set: <K extends keyof F>(key: K, value: F[K], also?: Partial<F>) => void;
  /** the binding of a field component; `also` as set's */
  field: <K extends keyof F & string>(key: K, also?: Partial<F>) => FieldBinding<F[K]>;
  errors: FieldErrors;
  /** the server's refusal, for a dialog that shows it inline */
  serverError: string;
  /** a submit is on its way: the save button is off and a second submit is ignored */
  busy: boolean;
  submit: () => Promise<void>;
  /** spread on the <form>: submits through the hook, the browser's own checks off */
  formProps: { onSubmit: (e: React.SyntheticEvent) => void; noValidate: true };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/**
 * The state of a save dialog: its draft, the field messages of its check, one submit at a time, the
 * success toast, and the server's refusal kept with the dialog open.
 */
export function useFormDialog<F, D = F, R = unknown>(options: FormDialogOptions<F, D, R>): FormDialog<F> {
  const { open, answers } = options;
  const [draft, updateDraft] = useImmer<F>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  // a ref as well as the state: two submits in one event turn both see busy === false
  const sending = useRef(false);

  // A fresh draft on opening, set while rendering (React's "adjusting state when a prop changes"), so
  // the first frame of an opening never shows the previous one's values or messages.
  const keys = [open, ...(options.resetOn ?? [])];
  const [keysShown, setKeysShown] = useState(keys);
  if (!sameList(keysShown, keys)) {
    setKeysShown(keys);
    if (open) {
      updateDraft(options.initial());
      setErrors({});
      setServerError('');
    }
  }

  const set = <K extends keyof F>(key: K, value: F[K], also?: Partial<F>) => {
    updateDraft((d) => {
      // immer's draft of F has F's fields, which TypeScript cannot see through Draft<F> for a generic F
      Object.assign(d as unknown as Record<PropertyKey, unknown>, also, { [key]: value });
    });
    if (!answers) return;
    const answered = (answers === true ? undefined : answers[key]) ?? String(key);
    setErrors(({ [answered]: _answered, ...rest }) => rest);
  };

  const submit = async () => {
    if (sending.current || !open) return;
    setServerError('');
    const checked = options.validate ? options.validate(draft) : ({ ok: true, data: draft as unknown as D } as const);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    sending.current = true;
    setBusy(true);
    let result: R;
    try {
      result = await options.submit(checked.data, draft);
    } catch (err) {
      if (options.serverError === 'inline') setServerError(err instanceof Error ? err.message : String(err));
      // the server's refusal is shown (the client's toast, or inline): the dialog stays open with the draft
      else if (!(err instanceof ApiError)) throw err;
      return;
    } finally {
      sending.current = false;
      setBusy(false);
    }
    if (options.successText !== null) toastSuccess(options.successText ?? t('table.saveSuccess'));
    options.onSaved?.(result);
  };

  return {
    draft,
    update: updateDraft,
    set,
    field: (key, also) => ({ name: key, value: draft[key], error: errors[key], onChange: (value) => set(key, value, also) }),
    errors,
    serverError,
    busy,
    submit,
    formProps: { onSubmit: (e) => (e.preventDefault(), void submit()), noValidate: true },
  };
}
