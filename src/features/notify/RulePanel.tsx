import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { alarmLabel, levelState } from '../../../domain/alarmLanguage';
import type { RuleDto } from '../../../domain/schemas/notify';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { queryKeys } from '../../app/api/queryKeys';
import { typeLabel } from '../alarmEvent/eventText';
import { notifyApi, notifyQueries } from './notifyApi';
import { useNotifyList } from './useNotifyList';
import { loadRuleChoices, type Named, type RuleChoices } from './ruleChoices';
import { RuleFormDialog } from './RuleFormDialog';

const NO_CHOICES: RuleChoices = { projects: [], channels: [], users: [], tenants: [] };

/** Names of ids as one line; an id no longer listed (deleted meanwhile) shows as #id. */
const namesOf = (ids: readonly number[], from: readonly Named[]) => {
  const byId = new Map(from.map((x) => [x.id, x.name]));
  return ids.map((id) => byId.get(id) ?? `#${id}`).join(t('punct.listSeparator'));
};

/** 系统配置 → 通知规则: which alarms go to which channels and users; create, edit, delete. */
export function RulePanel() {
  useLanguage();
  const choices = useQuery({ queryKey: queryKeys.notify.ruleChoices(), queryFn: loadRuleChoices });
  // the dialog offers the projects, channels and users there are now
  const rules = useNotifyList(notifyQueries.rules(), t('term.rule'), notifyApi.deleteRule, () => void choices.refetch());
  const c = choices.data ?? NO_CHOICES;
  const columns = useMemo<Column<RuleDto>[]>(
    () => [
      { id: 'name', header: t('notify.ruleName'), value: (r) => r.name, width: 160 },
      ...(c.tenants.length > 1
        ? [{ id: 'tenant', header: t('users.tenant'), value: (r: RuleDto) => namesOf([r.tenantId], c.tenants), width: 140 }]
        : []),
      {
        id: 'projects',
        header: t('notify.projects'),
        value: (r) => (r.projectIds ? namesOf(r.projectIds, c.projects) : t('notify.allProjects')),
        width: 180,
      },
      {
        id: 'levels',
        header: t('notify.levels'),
        value: (r) => r.levels.map((l) => alarmLabel(levelState(l), currentLanguage())).join(t('punct.listSeparator')),
        cell: (r) => (
          <span className="inline-flex gap-2">
            {r.levels.map((l) => (
              <LevelMark key={l} level={l} />
            ))}
          </span>
        ),
        width: 200,
      },
      {
        id: 'types',
        header: t('notify.types'),
        value: (r) => (r.types ? r.types.map(typeLabel).join(t('punct.listSeparator')) : t('notify.allTypes')),
        width: 160,
      },
      { id: 'channels', header: t('notify.channels'), value: (r) => namesOf(r.channelIds, c.channels) },
      { id: 'users', header: t('notify.users'), value: (r) => namesOf(r.userIds, c.users) },
      { id: 'enabled', header: t('notify.enabled'), value: (r) => t(r.enabled ? 'notify.yes' : 'notify.no'), width: 90 },
      { id: 'sendEnd', header: t('notify.sendEnd'), value: (r) => t(r.sendEnd ? 'notify.yes' : 'notify.no'), width: 110 },
      {
        id: 'quiet',
        header: t('notify.quietHours'),
        value: (r) => (r.quietHours ? `${r.quietHours.from}–${r.quietHours.to}` : t('notify.quietNone')),
        width: 120,
      },
    ],
    [c],
  );
  return (
    <>
      <DataTable testId="rule-table" columns={columns} {...rules.table} exportable={false} />
      <RuleFormDialog {...rules.dialog} choices={c} />
    </>
  );
}
