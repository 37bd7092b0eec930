import { Observable, distinctUntilChanged, shareReplay } from 'rxjs';

/**
 * true while the page is hidden (another tab, a minimised window): the streams stop painting then
 * and keep only the latest value per key. One listener for the whole app.
 */
export const pageHidden: Observable<boolean> = new Observable<boolean>((subscriber) => {
  const emit = () => subscriber.next(document.visibilityState === 'hidden');
  emit();
  document.addEventListener('visibilitychange', emit);
  return () => document.removeEventListener('visibilitychange', emit);
}).pipe(distinctUntilChanged(), shareReplay({ bufferSize: 1, refCount: true }));
