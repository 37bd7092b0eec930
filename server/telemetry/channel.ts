import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { CommandAck, PendingCommand } from '../../domain/telemetry';

type Waiter = { deviceId: number; resolve: (a: CommandAck) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

export class CommandTimeout extends Error {
  constructor() {
    super('device did not acknowledge');
  }
}

/**
 * The device channel's downlink. Commands wait here until the device's next batch on the ingest path
 * takes them (ingest answers with them), and are answered by acks in a later batch. In-process
 * devices (the simulator) are woken so they report at once instead of at their next interval.
 */
export class CommandChannel {
  private readonly queues = new Map<number, PendingCommand[]>();
  private readonly waiting = new Map<string, Waiter>();
  private readonly wake = new EventEmitter();

  send(deviceId: number, cmd: Omit<PendingCommand, 'commandId'>, timeoutMs: number): Promise<CommandAck> {
    const command: PendingCommand = { ...cmd, commandId: randomUUID() };
    const q = this.queues.get(deviceId) ?? [];
    q.push(command);
    this.queues.set(deviceId, q);
    const p = new Promise<CommandAck>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(command.commandId);
        // Not yet taken: withdraw it so a late device never executes a command reported as failed.
        const rest = (this.queues.get(deviceId) ?? []).filter((c) => c.commandId !== command.commandId);
        if (rest.length) this.queues.set(deviceId, rest);
        else this.queues.delete(deviceId);
        reject(new CommandTimeout());
      }, timeoutMs);
      timer.unref?.();
      this.waiting.set(command.commandId, { deviceId, resolve, reject, timer });
    });
    this.wake.emit('pending', deviceId);
    return p;
  }

  take(deviceId: number): PendingCommand[] {
    const q = this.queues.get(deviceId);
    if (!q) return [];
    this.queues.delete(deviceId);
    return q;
  }

  /** Acks of unknown commands, or of another device's, are ignored. */
  ack(deviceId: number, acks: readonly CommandAck[]): void {
    for (const a of acks) {
      const w = this.waiting.get(a.commandId);
      if (!w || w.deviceId !== deviceId) continue;
      clearTimeout(w.timer);
      this.waiting.delete(a.commandId);
      w.resolve(a);
    }
  }

  onPending(listener: (deviceId: number) => void): () => void {
    this.wake.on('pending', listener);
    return () => this.wake.off('pending', listener);
  }

  close(): void {
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new CommandTimeout());
    }
    this.waiting.clear();
    this.queues.clear();
  }
}
