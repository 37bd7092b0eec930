import type { Lang } from './language';

/** A message in both answer languages. */
export interface Text {
  readonly zh: string;
  readonly en: string;
}

export const tx = (zh: string, en: string): Text => ({ zh, en });

export const isText = (v: unknown): v is Text =>
  typeof v === 'object' && v !== null && typeof (v as Text).zh === 'string' && typeof (v as Text).en === 'string';

/** A piece of a message: plain values (names, ids) read the same in both languages. */
export type TextArg = string | number | Text;

export const inLang = (v: TextArg, lang: Lang): string => (isText(v) ? v[lang] : String(v));

/** Nouns that error messages name, in both languages. */
export const NOUN = {
  user: tx('用户', 'User'),
  role: tx('角色', 'Role'),
  usergroup: tx('用户组', 'User group'),
  member: tx('成员用户', 'Member user'),
  tenant: tx('租户', 'Tenant'),
  project: tx('项目', 'Project'),
  device: tx('设备', 'Device'),
  event: tx('事件', 'Event'),
  scheme: tx('接入方案', 'Access scheme'),
  property: tx('自定义属性', 'Custom property'),
  file: tx('文件', 'File'),
  group: tx('参数组', 'Parameter group'),
  enumeration: tx('枚举', 'Enumeration'),
  order: tx('工单', 'Work order'),
} as const;

/** "用户 12 " / "User 12" (the Chinese keeps a space before what follows, e.g. "不存在") */
export const nounWithId = (noun: Text, id: number | string): Text => tx(`${noun.zh} ${id} `, `${noun.en} ${id}`);
