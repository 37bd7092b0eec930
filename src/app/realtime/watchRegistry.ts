import type { WatchRequest } from '../../../domain/socketProtocol';

export type WatchListener = (request: WatchRequest) => void;

/**
 * What the mounted screens show, as one watch request for the server: each view adds what it
 * shows and removes it when it goes (or shows something else). The union changes at most once per
 * task, however many views change together, and is sent whole each time.
 */
export class WatchRegistry {
  private readonly interests = new Set<WatchRequest>();
  private readonly listeners = new Set<WatchListener>();
  private scheduled = false;
  private lastSent = '';

  /** Adds what a view shows; the returned function takes it away again. */
  add(request: WatchRequest): () => void {
    this.interests.add(request);
    this.changed();
    return () => {
      if (this.interests.delete(request)) this.changed();
    };
  }

  current(): WatchRequest {
    let all = false;
    const projects = new Set<number>();
    const devices = new Set<number>();
    for (const i of this.interests) {
      if (i.projectIds === 'all') all = true;
      else i.projectIds.forEach((p) => projects.add(p));
      i.deviceIds.forEach((d) => devices.add(d));
    }
    return { projectIds: all ? 'all' : [...projects].sort((a, b) => a - b), deviceIds: [...devices].sort((a, b) => a - b) };
  }

  /** Hears the union whenever it changes. */
  subscribe(listener: WatchListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      const request = this.current();
      const key = JSON.stringify(request);
      if (key === this.lastSent) return;
      this.lastSent = key;
      for (const l of this.listeners) l(request);
    });
  }
}
