import { useSyncExternalStore } from 'react';
import type { StoreNotice } from '../../../domain/socketProtocol';

const OK: StoreNotice = { state: 'ok', since: null };

/**
 * Whether the server's store takes writes, as the instance serving this console says (socket event
 * 'store', on every connect and every change): the store banner reads it. A reconnect to another
 * instance brings that instance's word.
 */
export class StoreNoticeStore {
  private notice: StoreNotice = OK;
  private readonly listeners = new Set<() => void>();

  set(notice: StoreNotice): void {
    this.notice = notice;
    for (const l of this.listeners) l();
  }

  current = (): StoreNotice => this.notice;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const useStoreNotice = (store: StoreNoticeStore): StoreNotice => useSyncExternalStore(store.subscribe, store.current);
