import { errors } from '../errors';
import { storeFault } from '../store/faults';
import type { StoreNotice, StoreState } from '../../domain/socketProtocol';

const STATE_OF_CODE = new Map<number, StoreState>([
  [errors.STORE_UNREACHABLE.code, 'unreachable'],
  [errors.STORE_FULL.code, 'full'],
  [errors.STORE_READ_ONLY.code, 'read_only'],
]);

/**
 * Whether this instance's store takes writes, as learnt from what happens to them (issue 34): a
 * request or an ingest transaction failing with a store fault (unreachable, full, read-only) sets
 * it; the next committed write — a device's batch, any change on this or another instance — clears
 * it. Consoles are told on every change (the store banner); nothing here polls the store.
 */
export class StoreHealth {
  private notice: StoreNotice = { state: 'ok', since: null };
  private readonly listeners = new Set<(notice: StoreNotice) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  get current(): StoreNotice {
    return this.notice;
  }

  /** Any failure: a store fault changes the state, anything else is not about the store. */
  observe(err: unknown): void {
    const fault = storeFault(err);
    const state = fault && STATE_OF_CODE.get(fault.code);
    if (state) this.set(state);
  }

  /** A write committed: the store takes writes again. */
  recovered(): void {
    this.set('ok');
  }

  onChange(listener: (notice: StoreNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: StoreState): void {
    if (state === this.notice.state) return;
    this.notice = { state, since: state === 'ok' ? null : (this.notice.since ?? this.now()) };
    for (const l of this.listeners) l(this.notice);
  }
}
