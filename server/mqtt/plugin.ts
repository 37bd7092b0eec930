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
  /** this instance's MQTT client id (default voltguard-<host>-<pid>) */
  clientId?: string | undefined;
}

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
        clientId: opts.clientId ?? `voltguard-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
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
