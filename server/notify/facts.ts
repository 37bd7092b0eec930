/** What a delivery's message is written from, stored with it so a retry says the same thing. */
export interface MessageFacts {
  /** the domain event kind (alarm.raised, alarm.ended, alarm.escalated) or 'test' */
  eventKind: string;
  /** the domain event's payload (names, values, times) */
  payload: Record<string, unknown>;
  /** when the event was logged */
  at: number;
  /** the recipient's language */
  lang: 'zh' | 'en';
  /** the project's time zone */
  zone: string;
  /** the rule's users a robot message mentions */
  mentions?: { wecomIds: string[]; dingtalkIds: string[]; mobiles: string[] };
}

export const parseFacts = (text: string): MessageFacts => JSON.parse(text) as MessageFacts;
