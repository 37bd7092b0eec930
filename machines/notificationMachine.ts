import { and, assign, enqueueActions, setup } from 'xstate';
import { DEFAULT_FLOOD_POLICY, isFlooding, type FloodPolicy } from '../domain/floodGroups';

/**
 * The header bell (spec §2 panel, §4 Notifications): newest first, capped at 99 with the oldest
 * dropped; each pushed message plays the alarm sound unless sound is off; 静音 stops it until the
 * next message; 已读 and 查看 remove a message; clearing empties the list. An alarm or accident also
 * pops up for 60 s unless the user opens it. 查看 — on the popup or on the same message in the bell —
 * opens the device and closes the popup; 已读 or clearing the list closes it too (issue 13). An alarm
 * confirmed — from the bell or the popup, or on any console (the pushed alarm.confirmed) — leaves the
 * bell and the popup: it has been dealt with, and a wall stops repeating its 事故 sound (issue 19).
 */
export const NOTICE_CAP = 99;
export const POPUP_MS = 60_000;

export interface Notice {
  id: string;
  seq: number;
  time: number;
  kind: string;
  logTypeName: string;
  /** EVENT_LEVEL of an alarm; null for other messages */
  level: number | null;
  /** EVENT_TYPE of an alarm (its type line is said in the language in force); null for other messages */
  customtype?: number | null;
  /** the alarm event (peceventextend id) a raised alarm opened, for confirming it from the bell */
  eventId?: number | null;
  /** the measure an alarm is about (its value is shown with that measure's unit and decimals) */
  dataId?: number | null;
  description: {
    projectName: string | null;
    deviceName: string | null;
    deviceCode: string | null;
    contactInfo: string | null;
    value: number | string | null;
    deviceId: number | null;
  };
}

export interface NotificationContext {
  items: Notice[];
  /** 静音 pressed since the last message: the mute button hides and the sound stays off */
  muted: boolean;
  /** the stored preference (spec: 1 on, 2 off) */
  soundOn: boolean;
  popup: Notice | null;
  /** when one device and type, or one type across devices, floods (limits in 系统配置, issue 19): the popup stays on the group instead of restarting */
  floodPolicy: FloodPolicy;
}

export type NotificationEvent =
  | { type: 'NOTICE.RECEIVED'; notice: Notice }
  | { type: 'NOTICE.READ'; id: string }
  /** one confirmation for a flood group: every message of the group leaves the bell */
  | { type: 'NOTICE.READ_MANY'; ids: string[] }
  /** alarm events confirmed, here or on any console (pushed alarm.confirmed): their messages are dealt with */
  | { type: 'NOTICE.CONFIRMED'; eventIds: number[] }
  | { type: 'NOTICE.VIEW'; id: string }
  | { type: 'NOTICE.MUTE' }
  | { type: 'NOTICE.CLEAR_ALL' }
  | { type: 'SOUND.TOGGLE' }
  | { type: 'POPUP.OPEN' }
  | { type: 'POPUP.DISMISS' }
  /** the flood limits in force changed (系统配置) */
  | { type: 'FLOOD.POLICY'; policy: FloodPolicy };

/** EVENT_LEVEL ids that pop up: accident 1 and alarm 2 (early warnings only go to the bell). */
export const POPUP_LEVELS: readonly number[] = [1, 2];

export const notificationMachine = setup({
  types: {
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
    input: {} as { soundOn: boolean; floodPolicy?: FloodPolicy },
  },
  actions: {
    playSound: () => {},
    stopSound: () => {},
    saveSoundPreference: (_, _params: { on: boolean }) => {},
    openDevice: (_, _params: { notice: Notice }) => {},
  },
  guards: {
    soundOn: ({ context }) => context.soundOn,
    isThePopup: ({ context, event }) =>
      ((event.type === 'NOTICE.VIEW' || event.type === 'NOTICE.READ') && context.popup?.id === event.id) ||
      (event.type === 'NOTICE.READ_MANY' && context.popup !== null && event.ids.includes(context.popup.id)) ||
      (event.type === 'NOTICE.CONFIRMED' && context.popup?.eventId != null && event.eventIds.includes(context.popup.eventId)),
    /** a popup-worthy alarm continuing a flood (domain/floodGroups.ts): the popup shows it without starting its 60 s again */
    continuesFlood: ({ context, event }) =>
      event.type === 'NOTICE.RECEIVED' && context.popup !== null && isFlooding(context.items, event.notice, context.floodPolicy),
    isPopupWorthy: ({ event }) =>
      event.type === 'NOTICE.RECEIVED' && event.notice.level !== null && POPUP_LEVELS.includes(event.notice.level),
  },
}).createMachine({
  id: 'notifications',
  type: 'parallel',
  context: ({ input }) => ({
    items: [],
    muted: false,
    soundOn: input.soundOn,
    popup: null,
    floodPolicy: input.floodPolicy ?? DEFAULT_FLOOD_POLICY,
  }),
  states: {
    list: {
      on: {
        'NOTICE.RECEIVED': {
          actions: [
            assign(({ context, event }) => ({
              items: [event.notice, ...context.items.filter((n) => n.id !== event.notice.id)].slice(0, NOTICE_CAP),
              muted: false,
            })),
            enqueueActions(({ enqueue, check }) => {
              if (check('soundOn')) enqueue('playSound');
            }),
          ],
        },
        'NOTICE.READ': { actions: assign({ items: ({ context, event }) => context.items.filter((n) => n.id !== event.id) }) },
        'NOTICE.READ_MANY': { actions: assign({ items: ({ context, event }) => context.items.filter((n) => !event.ids.includes(n.id)) }) },
        'NOTICE.CONFIRMED': {
          actions: assign({
            items: ({ context, event }) => context.items.filter((n) => n.eventId == null || !event.eventIds.includes(n.eventId)),
          }),
        },
        'NOTICE.VIEW': {
          actions: [
            enqueueActions(({ context, event, enqueue }) => {
              const notice = context.items.find((n) => n.id === event.id) ?? (context.popup?.id === event.id ? context.popup : undefined);
              if (notice) enqueue({ type: 'openDevice', params: { notice } });
            }),
            assign({ items: ({ context, event }) => context.items.filter((n) => n.id !== event.id) }),
          ],
        },
        'NOTICE.MUTE': { actions: [assign({ muted: true }), 'stopSound'] },
        'FLOOD.POLICY': { actions: assign({ floodPolicy: ({ event }) => event.policy }) },
        'NOTICE.CLEAR_ALL': { actions: [assign({ items: [], muted: false }), 'stopSound'] },
        'SOUND.TOGGLE': {
          actions: [
            assign({ soundOn: ({ context }) => !context.soundOn }),
            { type: 'saveSoundPreference', params: ({ context }) => ({ on: context.soundOn }) },
            'stopSound',
          ],
        },
      },
    },
    popup: {
      initial: 'hidden',
      on: {
        'NOTICE.VIEW': { guard: 'isThePopup', target: '.hidden' },
        'NOTICE.READ': { guard: 'isThePopup', target: '.hidden' },
        'NOTICE.READ_MANY': { guard: 'isThePopup', target: '.hidden' },
        'NOTICE.CONFIRMED': { guard: 'isThePopup', target: '.hidden' },
        'NOTICE.CLEAR_ALL': '.hidden',
        'NOTICE.RECEIVED': [
          {
            guard: and(['isPopupWorthy', 'continuesFlood']),
            actions: assign({ popup: ({ event }) => event.notice }),
          },
          {
            guard: 'isPopupWorthy',
            target: '.showing',
            reenter: true,
            actions: assign({ popup: ({ event }) => event.notice }),
          },
        ],
      },
      states: {
        hidden: { entry: assign({ popup: null }) },
        showing: {
          after: { [POPUP_MS]: 'hidden' },
          on: { 'POPUP.OPEN': 'opened', 'POPUP.DISMISS': 'hidden' },
        },
        opened: {
          on: { 'POPUP.DISMISS': 'hidden' },
        },
      },
    },
  },
});
