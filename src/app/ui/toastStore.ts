import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  text: string;
}

/** Spec §9: toasts last 3 s, errors 5 s. */
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(text: string, kind: Toast['kind'] = 'info'): void {
  const toast = { id: nextId++, kind, text };
  toasts = [...toasts.slice(-4), toast];
  emit();
  setTimeout(
    () => {
      toasts = toasts.filter((t) => t.id !== toast.id);
      emit();
    },
    kind === 'error' ? ERROR_TOAST_MS : TOAST_MS,
  );
}

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
