import { assign, setup } from 'xstate';

/**
 * Kiosk rotation on a wall display: every `intervalMs` the next chosen screen; a new alarm stops the
 * rotation so the alarm stays in view, and rotation resumes once the alarm's popup time has passed
 * (or someone presses resume). A later alarm restarts that wait.
 */
export interface KioskContext {
  screens: string[];
  index: number;
  intervalMs: number;
  pauseMs: number;
}

export type KioskEvent = { type: 'ALARM' } | { type: 'RESUME' };

export const kioskMachine = setup({
  types: {
    context: {} as KioskContext,
    events: {} as KioskEvent,
    input: {} as { screens: string[]; intervalMs: number; pauseMs: number },
  },
  actions: {
    show: (_, _params: { path: string }) => {},
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
    pause: ({ context }) => context.pauseMs,
  },
  guards: {
    hasSeveral: ({ context }) => context.screens.length > 1,
  },
}).createMachine({
  id: 'kiosk',
  context: ({ input }) => ({ screens: input.screens, index: 0, intervalMs: input.intervalMs, pauseMs: input.pauseMs }),
  initial: 'rotating',
  states: {
    rotating: {
      on: { ALARM: 'paused' },
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
    paused: {
      on: {
        ALARM: { target: 'paused', reenter: true },
        RESUME: 'rotating',
      },
      after: { pause: 'rotating' },
    },
  },
});
