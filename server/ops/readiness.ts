import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

type CheckResult = 'ok' | 'absent' | 'unreachable';

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: { store: CheckResult; redis: CheckResult; mqtt: CheckResult };
}

/** How long one dependency may take to answer before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 1000;

async function within(check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should get traffic (GET /readyz): its store answers a query, its Redis (with
 * REDIS_URL) answers PING, its MQTT client (with MQTT_URL or MQTT_PORT) is connected to the broker —
 * and it is not draining: from the first SIGTERM on, a load balancer or orchestrator takes it out.
 */
export class Readiness {
  private stopping = false;

  constructor(private readonly app: FastifyInstance) {}

  /** Called on SIGTERM (and as the app starts closing): readiness reports false from now on. */
  drain(): void {
    this.stopping = true;
  }

  get draining(): boolean {
    return this.stopping;
  }

  async report(): Promise<ReadinessReport> {
    const { app } = this;
    const [store, redis] = await Promise.all([
      within(() => sql`select 1`.execute(app.db)),
      app.cluster ? within(() => app.cluster!.redis.ping()) : Promise.resolve<CheckResult>('absent'),
    ]);
    const mqtt: CheckResult = !app.mqtt ? 'absent' : app.mqtt.ingest.connected ? 'ok' : 'unreachable';
    const checks = { store, redis, mqtt };
    const ready = !this.draining && Object.values(checks).every((c) => c !== 'unreachable');
    return { ready, draining: this.draining, checks };
  }
}
