import net from 'node:net';

export interface EmbeddedBroker {
  /** mqtt://… the server's own ingest connects to */
  url: string;
  close(): Promise<void>;
}

/**
 * MQTT_PORT: an MQTT broker (aedes) inside the server process, for a single machine that should take
 * gateways over MQTT without running Mosquitto. The server's MQTT ingest connects to it like any
 * client would.
 */
export async function startEmbeddedBroker(port: number, host: string): Promise<EmbeddedBroker> {
  const { Aedes } = await import('aedes'); // with MQTT_PORT only: a start without it does not load the broker
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle as (socket: net.Socket) => void);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as net.AddressInfo;
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `mqtt://${local}:${bound}`,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
