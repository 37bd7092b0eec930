import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MqttIngest } from './ingest';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';

export interface MqttOptions {
  /** mqtt://… of the broker the gateways publish to (MQTT_URL) */
  url?: string | undefined;
  /** start an embedded broker on this port (MQTT_PORT) and take uplinks from it */
  port?: number | undefined;
  /** listen address of the embedded broker (default: the server's HOST) */
  host?: string | undefined;
  /** shared-subscription group on an external broker (default voltguard; '' subscribes plainly) */
  shareGroup?: string | undefined;
  topicPrefix?: string | undefined;
  /** largest accepted payload (default: the HTTP body limit) */
  maxPayload?: number | undefined;
  /** this instance's MQTT client id, stable across its restarts (main.ts: MQTT_CLIENT_ID or voltguard-<host>-<port>) */
  clientId?: string | undefined;
  /** MQTT 5 session expiry interval in seconds (MQTT_SESSION_EXPIRY_S, default one day) */
  sessionExpirySeconds?: number | undefined;
}

/**
 * One day: long enough to cover a deploy, a night's outage or a weekend's repair without losing the
 * queued uplinks, short enough that a retired instance's session — which keeps drawing its share of a
 * shared subscription while it exists — is dropped by the broker the next day.
 */
const DEFAULT_SESSION_EXPIRY_S = 86_400;

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: { url: string; embedded: boolean; ingest: MqttIngest } | null;
  }
}

/** MQTT ingest (MQTT_URL) and the embedded broker (MQTT_PORT); neither: nothing at all. */
export const mqttPlugin = fp(
  async function mqttPlugin(app: FastifyInstance, opts: MqttOptions & { bodyLimit: number }) {
    if (!opts.url && opts.port === undefined) {
      app.decorate('mqtt', null);
      return;
    }
    let broker: EmbeddedBroker | null = null;
    if (!opts.url) broker = await startEmbeddedBroker(opts.port!, opts.host ?? '0.0.0.0');
    const url = opts.url ?? broker!.url;
    const ingest = new MqttIngest(
      app.telemetry,
      {
        url,
        // aedes has no shared subscriptions: one process takes every uplink of its own broker.
        shareGroup: broker ? null : opts.shareGroup === '' ? null : (opts.shareGroup ?? 'voltguard'),
        topicPrefix: opts.topicPrefix,
        maxPayload: opts.maxPayload ?? opts.bodyLimit,
        protocolVersion: broker ? 4 : 5,
        // In-process apps (the tests) without an id get a fresh one: they must not take each other's session.
        clientId: opts.clientId ?? `voltguard-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
        sessionExpirySeconds: opts.sessionExpirySeconds ?? DEFAULT_SESSION_EXPIRY_S,
      },
      app.log,
    );
    try {
      await ingest.start();
    } catch (err) {
      await broker?.close();
      throw new Error(`无法连接 MQTT 服务器（${url}）：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    app.decorate('mqtt', { url, embedded: !!broker, ingest });
    app.addHook('preClose', async () => {
      await ingest.close();
      await broker?.close();
    });
  },
  { name: 'mqtt', dependencies: ['telemetry'] },
);
