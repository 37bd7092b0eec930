import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { websocketMachine } from '../../machines/websocketMachine';
import { createSocketActor } from '../../src/app/realtime/socketActor';
import type { NoticeMessage } from '../../domain/telemetry';
import type { RevokeReason } from '../../domain/socketProtocol';

/**
 * A console's live connection as the browser runs it, in Node: the same websocket machine and the
 * same socket.io actor, so server tests and the reconnect bench exercise the real reconnect policy.
 */
export class ConsoleClient {
  readonly delivered: NoticeMessage[] = [];
  /** when each connection attempt started (performance.now()) */
  readonly attempts: number[] = [];
  /** when each connection opened */
  readonly opens: number[] = [];
  /** when each open connection was left (closed, or a going-away notice heard) */
  readonly leaves: number[] = [];
  readonly resyncs: number[] = [];
  ended: RevokeReason | null = null;
  endedAt: number | null = null;
  rescoped = 0;
  readonly actor;

  constructor(url: string, token: string, userId: number) {
    const socket = createSocketActor({
      url,
      token: () => token,
      onNotice: (m) => void this.delivered.push(m),
      onAttempt: () => this.attempts.push(performance.now()),
    });
    this.actor = createActor(
      websocketMachine.provide({
        actors: {
          socket,
          register: fromPromise(async () => {}),
        },
        actions: {
          resync: (_, p) => void this.resyncs.push(p.headSeq),
          unauthorized: (_, p) => {
            this.ended = p.reason;
            this.endedAt = performance.now();
          },
          rescoped: () => void this.rescoped++,
        },
      }),
      { input: { userId, supported: true } },
    );
    let wasOpen = false;
    this.actor.subscribe((s) => {
      const open = s.matches({ active: 'open' });
      if (open && !wasOpen) this.opens.push(performance.now());
      if (!open && wasOpen) this.leaves.push(performance.now());
      wasOpen = open;
    });
  }

  start(): this {
    this.actor.start();
    return this;
  }

  get open(): boolean {
    return this.actor.getSnapshot().matches({ active: 'open' });
  }

  get state() {
    return this.actor.getSnapshot().value;
  }

  stop(): void {
    this.actor.send({ type: 'CLOSE' });
    this.actor.stop();
  }
}

export async function until(pred: () => boolean, ms: number, what = 'condition'): Promise<void> {
  await vi.waitFor(
    () => {
      if (!pred()) throw new Error(`not within ${ms} ms: ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}
