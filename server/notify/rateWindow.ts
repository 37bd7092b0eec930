/**
 * Messages sent per channel in the last minute, against its rate (企业微信 20/min …). In memory per
 * instance; several instances each keep their own count, so a channel shared by N instances may see
 * up to N times its rate in the worst case (the robots answer an excess with an error, retried later).
 */
export class RateWindow {
  private readonly sent = new Map<number, number[]>();

  /** How many more messages the channel may send now. */
  remaining(channelId: number, ratePerMinute: number, now: number): number {
    const recent = (this.sent.get(channelId) ?? []).filter((t) => now - t < 60_000);
    this.sent.set(channelId, recent);
    return Math.max(0, ratePerMinute - recent.length);
  }

  /** When the channel may send again (the oldest message of the minute leaves the window). */
  freeAt(channelId: number, now: number): number {
    const oldest = this.sent.get(channelId)?.[0];
    return oldest === undefined ? now : oldest + 60_000;
  }

  record(channelId: number, now: number): void {
    const list = this.sent.get(channelId) ?? [];
    list.push(now);
    this.sent.set(channelId, list);
  }
}
