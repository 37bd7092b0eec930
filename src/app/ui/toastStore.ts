import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  text: string;
}

/** Spec §9: toasts last 3 s, errors 5 s. */
const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const expire = (toast: Toast) => {
  clearTimeout(timers.get(toast.id));
  timers.set(
    toast.id,
    setTimeout(
      () => {
        timers.delete(toast.id);
        toasts = toasts.filter((t) => t.id !== toast.id);
        emit();
      },
      toast.kind === 'error' ? ERROR_TOAST_MS : TOAST_MS,
    ),
  );
};

/**
 * One toast per cause: the same message while it is still showing (four requests failing on one
 * network outage) restarts that toast's time instead of stacking a copy.
 */
export function showToast(text: string, kind: Toast['kind'] = 'info'): void {
  const same = toasts.find((t) => t.kind === kind && t.text === text);
  if (same) return expire(same);
  const toast = { id: nextId++, kind, text };
  for (const gone of toasts.slice(0, -4)) {
    clearTimeout(timers.get(gone.id));
    timers.delete(gone.id);
  }
  toasts = [...toasts.slice(-4), toast];
  emit();
  expire(toast);
}

/** The toasts showing now (for tests and the Toaster). */
export const currentToasts = (): readonly Toast[] => toasts;

export const toastError = (text: string) => showToast(text, 'error');
export const toastSuccess = (text: string) => showToast(text, 'success');

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}
