import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What this instance tells Prometheus (GET /metrics, docs/deploy.md): one registry per app, so
 * several apps in one process (the tests) never mix their numbers. Every series is this instance's
 * own; Prometheus adds the `instance` label when it scrapes each instance.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly ingestedReadings = new Counter({
    name: 'voltguard_ingest_readings_total',
    help: 'Readings committed to the store by this instance (HTTP, MQTT and the simulator); rate() gives the ingest rate',
    registers: [this.registry],
  });
  readonly ingestedBatches = new Counter({
    name: 'voltguard_ingest_batches_total',
    help: 'Ingest batches committed to the store by this instance',
    registers: [this.registry],
  });
  readonly alarmPushLatency = new Histogram({
    name: 'voltguard_alarm_push_latency_seconds',
    help: "From an alarm event's commit (on any instance) to its push to this instance's consoles",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly storeWriteLatency = new Histogram({
    name: 'voltguard_store_write_seconds',
    help: 'One ingest transaction (a group of batches: history rows, alarm episodes, events) from begin to commit',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly deliveryBacklog = new Gauge({
    name: 'voltguard_delivery_backlog',
    help: 'Notifications (SMS, e-mail, …) waiting to be delivered; 0 while no delivery service reports',
    registers: [this.registry],
  });
  private readonly loopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    const loop = this.loopDelay;
    loop.enable();
    // Read at each scrape, then reset: the figures cover the time since the previous scrape.
    const quantile = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read() / 1e9);
        },
      });
    quantile('voltguard_event_loop_delay_p50_seconds', 'Median event-loop delay since the previous scrape', () => loop.percentile(50));
    quantile('voltguard_event_loop_delay_p99_seconds', '99th percentile event-loop delay since the previous scrape', () =>
      loop.percentile(99),
    );
    new Gauge({
      name: 'voltguard_event_loop_delay_max_seconds',
      help: 'Longest event-loop delay since the previous scrape',
      registers: [this.registry],
      collect() {
        this.set(loop.max / 1e9);
        loop.reset();
      },
    });
  }

  /** Consoles (socket.io connections) on this instance, read at each scrape. */
  countConsoles(read: () => number): void {
    new Gauge({
      name: 'voltguard_consoles_connected',
      help: 'Console connections (socket.io) open on this instance',
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** For the notification service: how many deliveries wait now. */
  setDeliveryBacklog(waiting: number): void {
    this.deliveryBacklog.set(waiting);
  }

  /** The Prometheus text exposition of every series. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  close(): void {
    this.loopDelay.disable();
  }
}
