import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { CommandAck, PendingCommand } from '../../domain/telemetry';

type Waiter = { deviceId: number; resolve: (a: CommandAck) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

class CommandTimeout extends Error {
  constructor() {
    super('device did not acknowledge');
  }
}

/**
 * Where commands wait for their device. In one process a map; with several instances a queue every
 * instance reaches (server/cluster/commandQueue.ts), so whichever instance the device talks to takes
 * them — exactly once.
 */
export interface CommandQueue {
  push(deviceId: number, command: PendingCommand, timeoutMs: number): Promise<void>;
  /** removes and returns everything waiting for the device */
  take(deviceId: number): Promise<PendingCommand[]>;
  /** removes one command if nobody took it yet */
  withdraw(deviceId: number, commandId: string): Promise<void>;
  clear(): void;
}

class LocalCommandQueue implements CommandQueue {
  private readonly queues = new Map<number, PendingCommand[]>();

  push(deviceId: number, command: PendingCommand): Promise<void> {
    const q = this.queues.get(deviceId) ?? [];
    q.push(command);
    this.queues.set(deviceId, q);
    return Promise.resolve();
  }

  take(deviceId: number): Promise<PendingCommand[]> {
    const q = this.queues.get(deviceId);
    if (!q) return Promise.resolve([]);
    this.queues.delete(deviceId);
    return Promise.resolve(q);
  }

  withdraw(deviceId: number, commandId: string): Promise<void> {
    const rest = (this.queues.get(deviceId) ?? []).filter((c) => c.commandId !== commandId);
    if (rest.length) this.queues.set(deviceId, rest);
    else this.queues.delete(deviceId);
    return Promise.resolve();
  }

  clear(): void {
    this.queues.clear();
  }
}

/** How a channel tells other instances what happened (set by the cluster; nothing in one process). */
export interface CommandRelay {
  pending(deviceId: number): void;
  acked(deviceId: number, acks: readonly CommandAck[]): void;
}

/**
 * The device channel's downlink. Commands wait in the queue until the device's next batch on the
 * ingest path takes them (ingest answers with them), and are answered by acks in a later batch. The
 * instance that sent a command waits for its ack; acks reaching another instance are relayed to it.
 * Devices that can be reached at once (the simulator in process, MQTT gateways) are woken so they
 * report now instead of at their next interval.
 */
export class CommandChannel {
  private readonly waiting = new Map<string, Waiter>();
  private readonly wake = new EventEmitter();
  private relay: CommandRelay | null = null;

  constructor(private queue: CommandQueue = new LocalCommandQueue()) {
    this.wake.setMaxListeners(20);
  }

  /** Several instances: a shared queue, and a relay for wake-ups and acks. */
  share(queue: CommandQueue, relay: CommandRelay): void {
    this.queue = queue;
    this.relay = relay;
  }

  async send(deviceId: number, cmd: Omit<PendingCommand, 'commandId'>, timeoutMs: number): Promise<CommandAck> {
    const command: PendingCommand = { ...cmd, commandId: randomUUID() };
    const acked = new Promise<CommandAck>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(command.commandId);
        // Not yet taken: withdraw it so a late device never executes a command reported as failed.
        void this.queue.withdraw(deviceId, command.commandId).catch(() => undefined);
        reject(new CommandTimeout());
      }, timeoutMs);
      timer.unref?.();
      this.waiting.set(command.commandId, { deviceId, resolve, reject, timer });
    });
    await this.queue.push(deviceId, command, timeoutMs);
    this.wakeUp(deviceId);
    this.relay?.pending(deviceId);
    return acked;
  }

  take(deviceId: number): Promise<PendingCommand[]> {
    return this.queue.take(deviceId);
  }

  /** Acks of unknown commands, or of another device's, are ignored. */
  ack(deviceId: number, acks: readonly CommandAck[]): void {
    this.resolve(deviceId, acks);
    this.relay?.acked(deviceId, acks);
  }

  /** Acks that reached another instance. */
  resolve(deviceId: number, acks: readonly CommandAck[]): void {
    for (const a of acks) {
      const w = this.waiting.get(a.commandId);
      if (!w || w.deviceId !== deviceId) continue;
      clearTimeout(w.timer);
      this.waiting.delete(a.commandId);
      w.resolve(a);
    }
  }

  /** A command for this device is waiting (sent here or on another instance). */
  wakeUp(deviceId: number): void {
    this.wake.emit('pending', deviceId);
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
    this.queue.clear();
  }
}
