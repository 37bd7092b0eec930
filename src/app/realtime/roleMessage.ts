import { useSyncExternalStore } from 'react';
import { isEscalatedPayload } from '../../../domain/escalation';
import type { NoticeMessage } from '../../../domain/telemetry';
import type { EscalationStore } from './escalations';

/** How long the escalation message to the chosen role stays on screen (as long as the alarm popup). */
export const ROLE_MESSAGE_MS = 60_000;

/**
 * The escalation message sent to this user because they hold the chosen role (issue 19): the newest
 * one, shown in its own strip under the escalation banner (never over the wall's counts or tiles).
 * It goes after a minute, when closed, or at once when its alarm is confirmed (it leaves the
 * escalation store). The message centre keeps every one.
 */
export class RoleMessageStore {
  private shown: NoticeMessage | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly stopWatching: () => void;

  constructor(private readonly escalations: EscalationStore) {
    this.stopWatching = escalations.subscribe(() => {
      const id = this.eventId();
      if (id !== null && !escalations.current().some((e) => e.eventId === id)) this.dismiss();
    });
  }

  apply(m: NoticeMessage): void {
    if (m.kind !== 'alarm.escalation_notified') return;
    this.shown = m;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.dismiss(), ROLE_MESSAGE_MS);
    this.changed();
  }

  dismiss = (): void => {
    clearTimeout(this.timer);
    if (!this.shown) return;
    this.shown = null;
    this.changed();
  };

  dispose(): void {
    clearTimeout(this.timer);
    this.stopWatching();
    this.listeners.clear();
  }

  private eventId(): number | null {
    const p = this.shown?.payload;
    return isEscalatedPayload(p) ? p.eventId : null;
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  current = (): NoticeMessage | null => this.shown;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useRoleMessage(store: RoleMessageStore): NoticeMessage | null {
  return useSyncExternalStore(store.subscribe, store.current);
}
