import type { createClient } from 'redis';
import type { PendingCommand } from '../../domain/telemetry';
import type { CommandQueue } from '../telemetry/channel';

/**
 * Commands waiting for their device in Redis, one list per device, so the instance the device talks
 * to takes them wherever they were sent. Taking is one MULTI (read the list, delete it): two instances
 * hearing the same device at once cannot both get a command.
 */
export class RedisCommandQueue implements CommandQueue {
  constructor(
    private readonly redis: ReturnType<typeof createClient>,
    private readonly prefix: string,
  ) {}

  private key(deviceId: number): string {
    return `${this.prefix}:commands:${deviceId}`;
  }

  async push(deviceId: number, command: PendingCommand, timeoutMs: number): Promise<void> {
    const key = this.key(deviceId);
    await this.redis
      .multi()
      .rPush(key, JSON.stringify(command))
      .pExpire(key, Math.max(1000, timeoutMs * 2))
      .exec();
  }

  /**
   * With Redis away an ingest must not wait for it (each command would time out after 5 s) nor fail:
   * the batch is stored and answered with no commands; those waiting stay in Redis for the next batch.
   */
  async take(deviceId: number): Promise<PendingCommand[]> {
    if (!this.redis.isReady) return [];
    const key = this.key(deviceId);
    const [list] = (await this.redis.multi().lRange(key, 0, -1).del(key).exec()) as unknown as [string[], number];
    return (list ?? []).map((s) => JSON.parse(s) as PendingCommand);
  }

  async withdraw(deviceId: number, commandId: string): Promise<void> {
    const key = this.key(deviceId);
    for (const s of await this.redis.lRange(key, 0, -1)) {
      if ((JSON.parse(s) as PendingCommand).commandId === commandId) await this.redis.lRem(key, 1, s);
    }
  }

  clear(): void {
    // The lists expire by themselves; another instance may still be waiting on them.
  }
}
