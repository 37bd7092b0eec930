import { assign, setup } from 'xstate';

/**
 * Kiosk rotation on a wall display: every `intervalMs` the next chosen screen. An alarm holds the wall
 * where it is so the alarm is seen — the alarm strip is docked beside the screen, so holding does not
 * have to last as long as a popup would: an unconfirmed 事故 holds it until it is confirmed (or someone
 * presses resume); a 报警 or 预警 holds it for `holdMs` at most, later ones do not extend that, and after
 * a hold one whole turn passes before another may hold it again, so a stream of alarms never pins the
 * wall on one screen (issue 30: a 1-second alarm stream kept it on /realTime for good).
 */
export interface KioskContext {
  screens: string[];
  index: number;
  intervalMs: number;
  holdMs: number;
}

export type KioskEvent =
  /** a new alarm of a popup level; `accident`: a 事故 */
  | { type: 'ALARM'; accident: boolean }
  /** no unconfirmed 事故 is left */
  | { type: 'ACCIDENTS_CONFIRMED' }
  | { type: 'RESUME' };

export const kioskMachine = setup({
  types: {
    context: {} as KioskContext,
    events: {} as KioskEvent,
    input: {} as { screens: string[]; intervalMs: number; holdMs: number },
  },
  actions: {
    show: (_, _params: { path: string }) => {},
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
    hold: ({ context }) => context.holdMs,
  },
  guards: {
    hasSeveral: ({ context }) => context.screens.length > 1,
    isAccident: ({ event }) => event.type === 'ALARM' && event.accident,
  },
}).createMachine({
  id: 'kiosk',
  context: ({ input }) => ({ screens: input.screens, index: 0, intervalMs: input.intervalMs, holdMs: input.holdMs }),
  initial: 'rotating',
  states: {
    rotating: {
      initial: 'open',
      states: {
        open: {
          on: {
            ALARM: [
              { guard: 'isAccident', target: '#kiosk.accident' },
              { guard: 'hasSeveral', target: '#kiosk.holding' },
            ],
          },
        },
        // after a hold, until the next turn: a 报警 or 预警 does not hold the wall again
        settling: {
          on: { ALARM: { guard: 'isAccident', target: '#kiosk.accident' } },
        },
      },
      after: {
        interval: {
          guard: 'hasSeveral',
          target: 'rotating',
          reenter: true,
          actions: [
            assign({ index: ({ context }) => (context.index + 1) % context.screens.length }),
            // assign has already moved the index when this runs
            { type: 'show', params: ({ context }) => ({ path: context.screens[context.index]! }) },
          ],
        },
      },
    },
    holding: {
      on: {
        ALARM: { guard: 'isAccident', target: 'accident' },
        RESUME: 'rotating.settling',
      },
      after: { hold: 'rotating.settling' },
    },
    accident: {
      on: {
        ACCIDENTS_CONFIRMED: 'rotating.settling',
        RESUME: 'rotating.settling',
      },
    },
  },
});
