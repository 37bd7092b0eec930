import type { FastifyBaseLogger } from 'fastify';
import type { IClientOptions, IPublishPacket, MqttClient } from 'mqtt';
import { errors, VgError } from '../errors';
import { tx, type Text } from '../text/text';
import { storeFault } from '../store/faults';
import type { Telemetry } from '../telemetry/service';
import { ingestAnswer } from '../telemetry/answer';
import { mqttTopics, type MqttTopics } from './topics';

export interface MqttIngestOptions {
  url: string;
  /** shared-subscription group: instances in one group split the uplinks; null subscribes plainly */
  shareGroup: string | null;
  topicPrefix?: string;
  /** refuse payloads larger than this (the HTTP ingest's body limit) */
  maxPayload: number;
  /** 5 against brokers that speak it (user properties, response topics); 4 (3.1.1) otherwise */
  protocolVersion: 4 | 5;
  /** stable across restarts: the broker keeps this instance's session (and queues its QoS 1 uplinks) under it */
  clientId: string;
  /** MQTT 5: how long the broker keeps the session while this instance is away (seconds) */
  sessionExpirySeconds: number;
}

/** Where an MQTT gateway put its key, named in the wrong-key answer. */
const KEY_IN_PAYLOAD = tx('消息的 key 字段', "the payload's key field");
const KEY_IN_PROPERTY = tx('MQTT 5 用户属性 x-device-key', 'the MQTT 5 user property x-device-key');

interface Answer {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * MQTT ingest: subscribes (QoS 1) to every device's uplink topic and feeds each message to the very
 * same ingest as the HTTP route — the same validation, alarm engine, and answer, published on the
 * device's reply topic (or the MQTT 5 response topic it named). The device's key comes in the
 * payload's `key` (or an MQTT 5 user property `x-device-key`). Commands for a device last heard over
 * MQTT are published on its down topic as soon as they are issued.
 */
export class MqttIngest {
  private client: MqttClient | null = null;
  private readonly topics: MqttTopics;
  /** devices heard over MQTT by this instance: commands for them go out at once */
  private readonly mqttDevices = new Set<number>();
  private stopPending: (() => void) | null = null;
  private inFlight = 0;
  private drained: (() => void) | null = null;
  /** set by close(): uplinks that still arrive are left unacknowledged, so the broker keeps them */
  private closing = false;

  constructor(
    private readonly telemetry: Telemetry,
    private readonly opts: MqttIngestOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.topics = mqttTopics(opts.topicPrefix);
  }

  async start(): Promise<void> {
    // A persistent session (clean: false, a stable client id, MQTT 5 session expiry): while this
    // instance is away — a deploy, a crash — the broker queues the QoS 1 uplinks of its subscription
    // and hands them over when it reconnects (docs/mqtt.md).
    const options: IClientOptions = {
      clientId: this.opts.clientId,
      protocolVersion: this.opts.protocolVersion,
      clean: false,
      ...(this.opts.protocolVersion === 5 ? { properties: { sessionExpiryInterval: this.opts.sessionExpirySeconds } } : {}),
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    };
    // connect(), not connectAsync(): the queued uplinks follow the CONNACK at once, so the handlers
    // must be in place before the connection is made.
    const { connect } = await import('mqtt'); // with an MQTT setting only: a start without it does not load mqtt.js
    const client = connect(this.opts.url, options);
    this.client = client;
    // mqtt.js acknowledges a QoS 1 message once this calls back; while closing it never does, so
    // what arrives then stays with the broker and comes back with the session.
    client.handleMessage = (_packet, callback) => {
      if (!this.closing) callback();
    };
    client.on('message', (topic, payload, packet) => {
      if (this.closing) return;
      this.inFlight++;
      void this.handle(topic, payload, packet).finally(() => {
        if (--this.inFlight === 0) this.drained?.();
      });
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const settle = (err?: Error) => {
          client.off('connect', connected);
          client.off('error', settle);
          if (err) reject(err);
          else resolve();
        };
        const connected = () => settle();
        client.on('connect', connected);
        client.on('error', settle);
      });
    } catch (err) {
      this.client = null;
      await client.endAsync(true);
      throw err;
    }
    client.on('error', (err) => this.log.warn({ err }, 'MQTT'));
    await client.subscribeAsync(this.filter(), { qos: 1 });
    this.stopPending = this.telemetry.channel.onPending((deviceId) => void this.pushCommands(deviceId));
  }

  /** Whether the broker connection is up now (the readiness check). */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  private async handle(topic: string, payload: Buffer, packet: IPublishPacket): Promise<void> {
    const parsed = this.topics.parse(topic);
    if (parsed?.kind !== 'up') {
      this.log.warn({ topic }, 'MQTT message on a topic that is not a device uplink: ignored');
      return;
    }
    const code = parsed.code;
    let answer: Answer;
    try {
      const { key, keySource } = this.keyOf(payload, packet);
      const result = await this.telemetry.ingest(this.batchOf(code, payload), { key, keySource });
      this.mqttDevices.add(result.deviceId);
      answer = ingestAnswer(result);
    } catch (err) {
      const vg = err instanceof VgError ? err : (storeFault(err) ?? errors.INTERNAL());
      if (vg.code === errors.INTERNAL.code) this.log.error({ err, topic }, 'MQTT ingest failed');
      this.log.warn({ topic, code: vg.code, reason: vg.message }, 'MQTT batch refused');
      answer = { code: vg.code, msg: vg.message, data: vg.data ?? null };
    }
    await this.reply(code, answer, packet);
  }

  /** The payload as an ingest batch; the topic names the device. */
  private batchOf(code: string, payload: Buffer): Record<string, unknown> {
    if (payload.length > this.opts.maxPayload) throw errors.BODY_TOO_LARGE(this.opts.maxPayload);
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch (err) {
      throw errors.INVALID_JSON(err instanceof Error ? err.message : String(err));
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw errors.BAD_REQUEST('消息须为 JSON 对象');
    const batch = { ...(body as Record<string, unknown>) };
    delete batch.key;
    if (batch.device !== undefined && String(batch.device) !== code)
      throw errors.BAD_REQUEST(`消息中的 device（${String(batch.device)}）与主题中的设备（${code}）不符`);
    return { ...batch, device: code };
  }

  private keyOf(payload: Buffer, packet: IPublishPacket): { key: string | undefined; keySource: Text } {
    const prop = packet.properties?.userProperties?.['x-device-key'];
    if (typeof prop === 'string') return { key: prop, keySource: KEY_IN_PROPERTY };
    if (payload.length > this.opts.maxPayload) return { key: undefined, keySource: KEY_IN_PAYLOAD };
    try {
      const key = (JSON.parse(payload.toString('utf8')) as { key?: unknown }).key;
      return { key: typeof key === 'string' ? key : undefined, keySource: KEY_IN_PAYLOAD };
    } catch {
      return { key: undefined, keySource: KEY_IN_PAYLOAD };
    }
  }

  private async reply(code: string, answer: Answer, packet: IPublishPacket): Promise<void> {
    const client = this.client;
    if (!client) return;
    const responseTopic = packet.properties?.responseTopic;
    const correlationData = packet.properties?.correlationData;
    try {
      await client.publishAsync(responseTopic ?? this.topics.of(code, 'reply'), JSON.stringify(answer), {
        qos: 1,
        ...(correlationData && this.opts.protocolVersion === 5 ? { properties: { correlationData } } : {}),
      });
    } catch (err) {
      this.log.warn({ err, code }, 'MQTT reply not published');
    }
  }

  /** A command waits for a device heard over MQTT: take it and publish it on the device's down topic. */
  private async pushCommands(deviceId: number): Promise<void> {
    const client = this.client;
    if (!client || !this.mqttDevices.has(deviceId)) return;
    const device = this.telemetry.devices.getSync(deviceId);
    if (!device) return;
    try {
      const commands = await this.telemetry.channel.take(deviceId);
      if (commands.length) await client.publishAsync(this.topics.of(device.code, 'down'), JSON.stringify({ commands }), { qos: 1 });
    } catch (err) {
      this.log.warn({ err, deviceId }, 'MQTT command not published');
    }
  }

  /**
   * Stops taking uplinks, answers those in hand, then disconnects. The subscription is kept: the
   * broker queues for this session until the instance is back (or the session expires).
   */
  async close(): Promise<void> {
    this.stopPending?.();
    this.closing = true;
    const client = this.client;
    if (!client) return;
    if (this.inFlight > 0) await new Promise<void>((r) => (this.drained = r));
    this.client = null;
    await client.endAsync();
  }

  private filter(): string {
    return this.opts.shareGroup ? `$share/${this.opts.shareGroup}/${this.topics.filter('up')}` : this.topics.filter('up');
  }
}
