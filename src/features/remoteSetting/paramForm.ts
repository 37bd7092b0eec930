import { checkParamValue, type ParamDefinition } from '../../../domain/schemas/remote';

/** A definition with the value the device reported (null when it did not report that parameter). */
export type ParamRow = ParamDefinition & { value: number | null };

export type Drafts = Record<string, string>;

/** The form starts from the device's values, never from what was typed before. */
export function draftsOf(rows: readonly ParamRow[]): Drafts {
  return Object.fromEntries(rows.map((r) => [r.id, r.value === null ? '' : String(r.value)]));
}

export interface FormCheck {
  errors: Record<string, string>;
  /** values that differ from the device's, ready to send */
  changed: { id: string; value: number }[];
}

/** Validates every field against its definition and collects the changed ones. */
export function checkForm(rows: readonly ParamRow[], drafts: Drafts): FormCheck {
  const errors: Record<string, string> = {};
  const changed: FormCheck['changed'] = [];
  for (const row of rows) {
    const res = checkParamValue(row, drafts[row.id]);
    if (!res.ok) errors[row.id] = res.error;
    else if (res.value !== row.value) changed.push({ id: row.id, value: res.value });
  }
  return { errors, changed };
}

/** Per sent parameter: did the device take the value, and what does it hold now. */
export interface Outcome {
  sent: number;
  device: number | null;
  accepted: boolean;
}

export function outcomesOf(sent: readonly { id: string; value: number }[], answer: Record<string, number>): Record<string, Outcome> {
  return Object.fromEntries(
    sent.map((s) => {
      const device = answer[s.id] ?? null;
      return [s.id, { sent: s.value, device, accepted: device !== null && device === s.value }];
    }),
  );
}
