/** One message a sender puts on the wire: already written in the recipient's language. */
export interface OutgoingMessage {
  /** the idempotency key (X-Voltguard-Delivery, the e-mail's header): the carrying delivery's id */
  deliveryId: string;
  /** the other deliveries this message carries (a digest) */
  mergedIds: string[];
  title: string;
  /** plain text (SMS, 飞书 text, e-mail text) */
  text: string;
  /** markdown (企业微信, 钉钉) */
  markdown: string;
  /** the console link to the alarm, when there is one */
  link: string | null;
  /** what the webhook's JSON carries besides the text: the alarm facts */
  data: Record<string, unknown>;
  /** a user reached through this channel: e-mail address or phone number */
  to: string | null;
  /** robot mentions of the rule's users */
  mentions: { wecomIds: string[]; dingtalkIds: string[]; mobiles: string[] };
}

export interface SendOptions {
  allowPrivate: boolean;
  /** the wall clock of signatures (robots check their timestamp against theirs) */
  now: () => number;
}

/** What the receiver answered a sent message. */
export interface SendAnswer {
  status: number;
  body: string;
}
