import { useSyncExternalStore } from 'react';
import { ESCALATION_LIST_LIMIT, isEscalatedPayload, type EscalationDto } from '../../../domain/escalation';
import type { NoticeMessage } from '../../../domain/telemetry';
import { levelLook } from '../../../domain/alarmLanguage';

/**
 * The escalated alarms still unconfirmed that this console may see (issue 19): loaded from the server
 * on every (re)connect, kept current by the pushed `alarm.escalated` (adds) and `alarm.confirmed`
 * (removes) messages. The server decides what escalates; this only mirrors it for the banner.
 * It holds the newest `limit` escalations, the ones the server's list holds: a wall nobody attends
 * escalates alarms for days on end, and the banner only names the severest of them and counts them.
 */
export class EscalationStore {
  private byId = new Map<number, EscalationDto>();
  private list: readonly EscalationDto[] = [];
  private readonly listeners = new Set<() => void>();
  /** pushes heard while a load is in flight, applied on top of what it returns */
  private pending: NoticeMessage[] | null = null;

  constructor(
    private readonly load: () => Promise<EscalationDto[]>,
    private readonly limit = ESCALATION_LIST_LIMIT,
  ) {}

  async reload(): Promise<void> {
    this.pending = [];
    try {
      const fresh = await this.load();
      const heard = this.pending;
      this.byId = new Map(fresh.map((e) => [e.eventId, e]));
      for (const m of heard) this.fold(m);
      this.changed();
    } catch {
      // a failed load keeps what is shown; the next reconnect loads again
    } finally {
      this.pending = null;
    }
  }

  apply(m: NoticeMessage): void {
    if (m.kind !== 'alarm.escalated' && m.kind !== 'alarm.confirmed') return;
    this.pending?.push(m);
    if (this.fold(m)) this.changed();
  }

  private fold(m: NoticeMessage): boolean {
    const p = m.payload;
    if (!isEscalatedPayload(p)) return false;
    if (m.kind === 'alarm.confirmed') return this.byId.delete(p.eventId);
    if (m.kind !== 'alarm.escalated' || m.projectId === null) return false;
    this.byId.set(p.eventId, {
      eventId: p.eventId,
      projectId: m.projectId,
      projectName: p.projectName,
      deviceId: p.deviceId,
      deviceName: p.deviceName,
      deviceCode: p.deviceCode,
      level: p.peceventlevel,
      customtype: p.customtype,
      eventtime: p.eventtime,
      escalatedAt: p.escalatedAt,
      description: p.description,
    });
    return true;
  }

  private changed(): void {
    if (this.byId.size > this.limit) {
      const newest = [...this.byId.values()].sort((a, b) => b.escalatedAt - a.escalatedAt || b.eventId - a.eventId);
      for (const dropped of newest.slice(this.limit)) this.byId.delete(dropped.eventId);
    }
    // The severest first (the banner names it), then the latest escalation.
    this.list = [...this.byId.values()].sort(
      (a, b) => levelLook(b.level).rank - levelLook(a.level).rank || b.escalatedAt - a.escalatedAt || b.eventId - a.eventId,
    );
    for (const l of this.listeners) l();
  }

  /** severest level first, then the latest escalation */
  current = (): readonly EscalationDto[] => this.list;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useEscalations(store: EscalationStore): readonly EscalationDto[] {
  return useSyncExternalStore(store.subscribe, store.current);
}
