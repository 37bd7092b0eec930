import type { PlatformUserRow } from '../../../domain/schemas/platform';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { useFormDialog } from '../../app/ui/form/useFormDialog';

export interface ProjectChoice {
  id: number;
  name: string;
  status: number;
  tenantName: string;
}

/** Which projects a service user serves: ticks per project, grouped by tenant; saved as one set. */
export function ServedProjectsDialog({
  user,
  projects,
  onClose,
  onSaved,
}: {
  user: PlatformUserRow | undefined;
  projects: ProjectChoice[];
  onClose: () => void;
  onSaved: () => void;
}) {
  useLanguage();
  const form = useFormDialog({
    open: !!user,
    initial: () => new Set(user?.servedProjects.map((p) => p.id) ?? []) as ReadonlySet<number>,
    resetOn: [user],
    // the hook submits only while the dialog is open, which it is only with a user
    submit: (picked) => api.put<number[]>(`/wisdompower/v1/platform/user/${user!.id}/projects`, { projectIds: [...picked] }),
    onSaved,
  });
  const tenants = [...new Set(projects.map((p) => p.tenantName))];
  const toggle = (id: number) =>
    form.update((ids) => {
      if (!ids.delete(id)) ids.add(id);
    });
  return (
    <Modal open={!!user} onClose={onClose} title={`${t('platformUser.serves')} · ${user?.name ?? ''}`} width={460}>
      <div className="mb-4 max-h-[50vh] space-y-3 overflow-auto" data-testid="served-projects">
        {tenants.map((tenant) => (
          <fieldset key={tenant}>
            <legend className="mb-1 text-xs text-muted">{tenant}</legend>
            {projects
              .filter((p) => p.tenantName === tenant)
              .map((p) => (
                <label key={p.id} className="flex items-center gap-2 py-0.5 text-sm">
                  <input
                    type="checkbox"
                    className="accent-brand"
                    checked={form.draft.has(p.id)}
                    onChange={() => toggle(p.id)}
                    name={`project-${p.id}`}
                  />
                  {p.name}
                  {p.status === 0 && (
                    <span className="text-xs text-muted">{t('punct.parenthesized', { text: t('platform.suspended') })}</span>
                  )}
                </label>
              ))}
          </fieldset>
        ))}
      </div>
      <p className="mb-3 text-xs text-muted">{t('platformUser.servesHint')}</p>
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button kind="primary" onClick={() => void form.submit()} disabled={form.busy} data-testid="served-save">
          {t('common.save')}
        </Button>
      </div>
    </Modal>
  );
}
