import { useQuery } from '@tanstack/react-query';
import type { PecEvent } from '../../../domain/telemetry';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { FieldLabel } from '../../app/ui/fields';
import { toastSuccess } from '../../app/ui/toastStore';
import { FormSelectField } from '../../app/ui/form/FormFields';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { createOrder, workOrderQueries } from '../workOrder/workOrderApi';

/**
 * 派单: the selected events (of one project) to a user who may handle them, or to a user group whose
 * members may (the first to 接单 takes it), with an optional note. Choices are `u:<id>` and `g:<id>`.
 */
export function DispatchDialog({
  rows,
  open,
  onClose,
  onDone,
}: {
  rows: PecEvent[];
  open: boolean;
  onClose: () => void;
  /** after an order was created (the event list shows its 处置) */
  onDone?: () => void;
}) {
  useLanguage();
  const projectId = rows[0]?.projectid;
  const people = useQuery({ ...workOrderQueries.assignees(projectId ?? 0), enabled: open && !!projectId });
  const groups = useQuery({ ...workOrderQueries.assigneeGroups(projectId ?? 0), enabled: open && !!projectId });
  const options = [
    ...(people.data ?? []).map((u) => ({ value: `u:${u.id}`, label: u.nicName || u.name })),
    ...(groups.data ?? []).map((g) => ({ value: `g:${g.id}`, label: t('wo.toGroup', { name: g.name, count: g.members }) })),
  ];
  // none picked yet: the first who may handle them
  const firstChoice = options[0]?.value ?? '';
  const form = useFormDialog({
    open,
    initial: () => ({ assignee: '', note: '' }),
    submit: ({ assignee, note }) => {
      const [kind, id] = (assignee || firstChoice).split(':');
      return createOrder({
        eventIds: rows.map((r) => r.id),
        ...(kind === 'g' ? { groupId: Number(id) } : { assigneeId: Number(id) }),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
    },
    successText: null,
    onSaved: ({ id }) => {
      toastSuccess(t('wo.orderNo', { id }));
      onClose();
      onDone?.();
    },
  });
  const chosen = form.draft.assignee || firstChoice;
  return (
    <Modal open={open} onClose={onClose} title={t('wo.dispatchTitle')} width={420}>
      <div data-testid="dispatch-dialog">
        <FormSelectField label={t('wo.assignee')} field={{ ...form.field('assignee'), value: chosen }} dataOptions options={options} />
        <FieldLabel label={t('wo.note')}>
          <input
            name="note"
            className="w-full rounded border border-line bg-surface-2 px-3 py-1.5"
            value={form.draft.note}
            onChange={(e) => form.set('note', e.target.value)}
          />
        </FieldLabel>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" disabled={!chosen || rows.length === 0 || form.busy} onClick={() => void form.submit()}>
            {t('wo.dispatch')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
