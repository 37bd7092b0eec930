import { REMOTE_PARAMS, type CommandAck, type PendingCommand } from '../../domain/telemetry';
import { hashString, mulberry32 } from './prng';

export interface SimReading {
  dataId: number;
  value: number;
  status: number;
}

/** Chances per report; at a 15 s interval 0.002 is about one episode per two hours per device. */
const SIM_RATES = { leak: 0.002, overheat: 0.0015, overload: 0.002, probeFault: 0.0005, dropout: 0.0008 };

const r1 = (v: number) => Math.round(v * 10) / 10;

/** The daily load (0.35 at night, 0.95 at its peak) at an hour of the day (0–24, fractional). */
const loadAt = (hour: number) => 0.35 + 0.6 * Math.max(0, Math.sin(((hour - 7) / 24) * 2 * Math.PI + 0.3));

/**
 * One simulated terminal. Every signal derives from (seed, device code) and the report times, so a
 * run is reproducible: residual current 50–200 mA with noise and occasional leak ramps past 300 mA,
 * phase temperatures on a daily load curve with occasional overheating, power near and sometimes
 * over its limit, probe faults, and communication drop-outs.
 */
export class DeviceSim {
  private readonly rng: () => number;
  private readonly baseLeak: number;
  private readonly ampsAtPeak: number;
  private leakRamp = 0;
  private overheat = { phase: 0, left: 0 };
  private overload = 0;
  private probeFault = 0;
  private silentFor = 0;
  private energy: number;
  private lastTime: number | null = null;
  /** device-side protection state that remote commands act on */
  buzzer = false;
  latched = false;
  readonly params: Record<string, number> = Object.fromEntries(REMOTE_PARAMS.map((p) => [p.id, p.defaultValue]));

  /**
   * `hourOfDay` fixes the hour the daily load curve is read at, whatever the reports' times (a bench's
   * fleet carries the same load whenever it runs); by default each report's own local hour.
   */
  constructor(
    readonly id: number,
    readonly code: string,
    seed: number,
    private readonly rates = SIM_RATES,
    private readonly hourOfDay: number | null = null,
  ) {
    this.rng = mulberry32(seed ^ hashString(code));
    this.baseLeak = 60 + this.rng() * 100;
    this.ampsAtPeak = 22 + this.rng() * 9;
    this.energy = Math.round(this.rng() * 50_000);
  }

  silentNow(): boolean {
    return this.silentFor > 0;
  }

  /** Whether this report is lost to a communication drop-out (decided once per interval). */
  silent(): boolean {
    if (this.silentFor > 0) {
      this.silentFor--;
      return true;
    }
    if (this.rng() < this.rates.dropout) {
      this.silentFor = 3 + Math.floor(this.rng() * 10);
      return true;
    }
    return false;
  }

  readings(time: number): SimReading[] {
    const rnd = this.rng;
    const noise = (amp: number) => (rnd() * 2 - 1) * amp;
    // Daily load: low at night, peaks at noon.
    const load = loadAt(this.hourOfDay ?? new Date(time).getHours() + new Date(time).getMinutes() / 60);

    if (this.leakRamp === 0 && rnd() < this.rates.leak) this.leakRamp = 1;
    let leak = this.baseLeak + noise(12);
    if (this.leakRamp > 0) {
      // Up for ~12 reports to 320–420 mA, then back down.
      const k = this.leakRamp <= 12 ? this.leakRamp / 12 : Math.max(0, (24 - this.leakRamp) / 12);
      leak += k * (340 - this.baseLeak + rnd() * 60);
      this.leakRamp = this.leakRamp >= 24 ? 0 : this.leakRamp + 1;
    }

    if (this.overheat.left === 0 && rnd() < this.rates.overheat) this.overheat = { phase: Math.floor(rnd() * 3), left: 20 };
    if (this.overload === 0 && rnd() < this.rates.overload) this.overload = 8;
    if (this.probeFault === 0 && rnd() < this.rates.probeFault) this.probeFault = 10;

    const overloadK = this.overload > 0 ? 1.25 : 1;
    const amps = [0, 1, 2].map((i) => Math.max(0, this.ampsAtPeak * load * overloadK * (1 + 0.05 * (i - 1)) + noise(1.2)));
    const volts = [0, 1, 2].map(() => 220 + noise(3));
    const power = (amps.reduce((s, a, i) => s + a * volts[i]!, 0) * 0.9) / 1000;
    const temps = [0, 1, 2].map((i) => {
      let t = 24 + 32 * load * load + noise(0.8) + i * 0.7;
      if (this.overheat.left > 0 && this.overheat.phase === i) t += 28 * Math.min(1, (21 - this.overheat.left) / 5);
      return t;
    });
    const tn = 22 + 14 * load + noise(0.6);
    const dt = this.lastTime === null ? 0 : Math.max(0, time - this.lastTime) / 3600_000;
    this.energy += power * dt;
    this.lastTime = time;

    if (this.overheat.left > 0) this.overheat.left--;
    if (this.overload > 0) this.overload--;
    const fault = this.probeFault > 0;
    if (this.probeFault > 0) this.probeFault--;

    // Device-side protection: crossing its own limit latches and sounds the buzzer.
    if (leak >= this.params.leakLimit! || Math.max(...temps) >= this.params.tempLimit!) {
      if (!this.latched) this.buzzer = true;
      this.latched = true;
    }

    return [
      { dataId: 1001, value: r1(Math.max(0, leak)), status: 0 },
      { dataId: 1101, value: r1(temps[0]!), status: 0 },
      { dataId: 1102, value: r1(temps[1]!), status: 0 },
      { dataId: 1103, value: r1(temps[2]!), status: 0 },
      { dataId: 1104, value: r1(tn), status: 0 },
      { dataId: 1201, value: r1(amps[0]!), status: 0 },
      { dataId: 1202, value: r1(amps[1]!), status: 0 },
      { dataId: 1203, value: r1(amps[2]!), status: 0 },
      { dataId: 1301, value: r1(volts[0]!), status: 0 },
      { dataId: 1302, value: r1(volts[1]!), status: 0 },
      { dataId: 1303, value: r1(volts[2]!), status: 0 },
      { dataId: 1401, value: Math.round(power * 100) / 100, status: 0 },
      { dataId: 1402, value: Math.round(this.energy * 100) / 100, status: 0 },
      { dataId: 1501, value: fault ? 1 : 0, status: 0 },
    ];
  }

  /** Executes a command from the channel and answers it. */
  handle(cmd: PendingCommand): CommandAck {
    const state = () => ({ ...this.params, buzzer: this.buzzer ? 1 : 0, latched: this.latched ? 1 : 0 });
    switch (cmd.type) {
      case 'control':
        if (cmd.controlpoint === 1)
          this.buzzer = false; // silence
        else if (cmd.controlpoint === 2) {
          this.latched = false; // reset
          this.buzzer = false;
        } else return { commandId: cmd.commandId, ok: false, message: `unknown control point ${cmd.controlpoint}` };
        return { commandId: cmd.commandId, ok: true, params: state() };
      case 'param_write':
        for (const [k, v] of Object.entries(cmd.params ?? {})) if (k in this.params) this.params[k] = v;
        return { commandId: cmd.commandId, ok: true, params: state() };
      case 'param_read':
        return { commandId: cmd.commandId, ok: true, params: state() };
      default:
        return { commandId: cmd.commandId, ok: false, message: 'unknown command' };
    }
  }
}
