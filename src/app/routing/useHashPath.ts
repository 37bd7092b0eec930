import { useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-hash-location';
import { normalizePath } from '../../../domain/routes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const currentPath = () => normalizePath(window.location.hash.replace(/^#/, ''));

/**
 * The router's location: the hash's path, without its query. A screen's own parameters (the history
 * screen's devices and range) change the query only, and the shell, its links and the screen's frame
 * have nothing to render for that: the path is the same string, so the change renders nothing here and
 * the screen that reads its query hears it alone.
 */
export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath), navigate];
}
/** A link's href under the hash router (as wouter's own hash hook writes it). */
useHashPath.hrefs = (href: string) => `#${href}`;
