import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Simulator, type SimulatorOptions } from './simulator';

declare module 'fastify' {
  interface FastifyInstance {
    simulator: Simulator | null;
  }
}

/** In-process simulator; registered only when the app is asked for one (main.ts unless DEMO=0). */
export const simulatorPlugin = fp(
  async function simulatorPlugin(app: FastifyInstance, opts: SimulatorOptions & { enabled: boolean }) {
    if (!opts.enabled) {
      app.decorate('simulator', null);
      return;
    }
    const sim = new Simulator(app.telemetry, opts, (err) => app.log.error({ err }, 'simulator failed'));
    app.decorate('simulator', sim);
    app.addHook('onReady', async () => {
      sim.start();
    });
    app.addHook('preClose', async () => {
      sim.stop();
    });
  },
  { name: 'simulator', dependencies: ['telemetry'] },
);
