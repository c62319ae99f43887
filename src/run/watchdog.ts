/**
 * Numerical watchdog: stops a run that has gone wrong before it writes garbage, and says why. Checked every
 * CHECK_EVERY steps and at every output row (run.ts), never inside the force loops:
 *   - a non-finite position, velocity, angular velocity, force or torque;
 *   - an overlap δ larger than `maxOverlap` × the smaller radius (Hertz contacts are valid for δ ≪ R; a larger
 *     overlap means the step cannot resolve the collision);
 *   - total mechanical energy grown by more than `maxEnergyGrowth` × the energy the system could release at
 *     the start (kinetic + rotational + elastic + the potential energy of its height); contacts only dissipate.
 *     Poured spheres bring energy: when the count changed since the reference, the reference is taken anew.
 * The diagnosis names the step, the time, the particle ids and, from the time-step limits, the likely cause.
 */
import type { ContactMeasures, Simulation } from '../engine/simulation.js';
import { LostContactError } from '../contacts/carried-contacts.js';
import { NonFiniteStateError } from '../broadphase/pairList.js';
import { AUTO_RAYLEIGH_FRACTION, AUTO_STEPS_PER_CONTACT } from '../engine/timestep.js';

/**
 * Steps between checks. A check is one pass over the particles and one over the pairs, done on the main thread
 * while the workers wait: every 25 steps it took 5 % of a 10 000-sphere settle on one thread and 13 % on two
 * (measured); every 100 steps it takes about a quarter of that, and a diverging run still stops within 100 steps.
 */
export const CHECK_EVERY = 100;
/** Particle ids listed in a diagnosis, at most. */
const LISTED = 5;

export interface WatchdogLimits {
  /** largest overlap as a fraction of the smaller radius of the contact */
  maxOverlap: number;
  /** largest rise of the total energy, as a multiple of the releasable energy at the start */
  maxEnergyGrowth: number;
}

/**
 * The energy reference of a run, taken at its start (and carried through checkpoints); taken again when spheres
 * were poured in since, since they bring energy of their own.
 */
export interface EnergyBaseline {
  /** total energy at the reference time (J) */
  initialEnergy: number;
  /** releasable energy at the reference time (J) */
  energyScale: number;
  /** spheres present then */
  particles: number;
}

export class Watchdog {
  private start: EnergyBaseline;

  /** @param start the baseline of the run being resumed; measured now when absent */
  constructor(private readonly sim: Simulation, private readonly limits: WatchdogLimits, start?: EnergyBaseline) {
    this.start = start ?? measureBaseline(sim);
  }

  baseline(): EnergyBaseline {
    return this.start;
  }

  /**
   * A diagnosis of what went wrong, or null when the state is sound. `measures`: the current state's, when the caller
   * has taken them (run.ts takes them once for this check and the step's series row).
   */
  check(measures: StateMeasures = measureState(this.sim)): string | null {
    return this.nonFinite() ?? this.overlap(measures.contacts) ?? this.energyGrowth(measures);
  }

  /**
   * A diagnosis of a step that threw because the run went wrong — a contact lost at a neighbour rebuild, a state
   * the neighbour search cannot place — or null for any other error.
   */
  stepFailure(error: unknown): string | null {
    if (error instanceof LostContactError) return this.lostContact(error);
    if (error instanceof NonFiniteStateError) return this.nonFinite() ?? `${this.where()} ${error.message}`;
    return null;
  }

  /** Diagnosis of a contact lost at a neighbour rebuild (a body jumped further than the skin in one step). */
  private lostContact(e: LostContactError): string {
    const { id } = this.sim.st;
    const other = e.secondIsParticle ? `particle ${id[e.second]}` : `wall ${e.second}`;
    return `${this.where()} particle ${id[e.first]} left its contact with ${other} by more than the neighbour skin `
      + `(${this.sim.setup.skin.toPrecision(3)} m) in one step; ${this.likelyCause()}`;
  }

  private where(): string {
    return `at step ${this.sim.stepCount} (t = ${this.sim.time.toPrecision(6)} s)`;
  }

  private nonFinite(): string | null {
    const { st } = this.sim;
    const fields = { position: st.pos, velocity: st.vel, 'angular velocity': st.omega, force: st.force, torque: st.torque };
    for (const [name, a] of Object.entries(fields)) {
      const ids: number[] = [];
      for (let k = 0; k < 3 * st.n && ids.length < LISTED; k++) {
        if (!Number.isFinite(a[k]) && ids[ids.length - 1] !== st.id[Math.floor(k / 3)]) ids.push(st.id[Math.floor(k / 3)]);
      }
      if (ids.length > 0) {
        return `${this.where()} the ${name} of particle${ids.length > 1 ? 's' : ''} ${ids.join(', ')} is not finite; `
          + this.likelyCause();
      }
    }
    return null;
  }

  private overlap(contacts: ContactMeasures): string | null {
    const { maxOverlapRatio: worst, maxOverlapAt: at } = contacts;
    if (worst <= this.limits.maxOverlap) return null;
    const { id } = this.sim.st;
    const what = at.isWall ? `particle ${id[at.first]} and wall ${at.second}`
      : `particles ${Math.min(id[at.first], id[at.second])} and ${Math.max(id[at.first], id[at.second])}`;
    return `${this.where()} the overlap of ${what} reached ${worst.toPrecision(3)} of the smaller radius `
      + `(watchdog.maxOverlap ${this.limits.maxOverlap}); ${this.likelyCause()}`;
  }

  private energyGrowth(measures: StateMeasures): string | null {
    if (this.sim.st.n !== this.start.particles) {
      // Poured spheres entered since the reference: their energy is not growth. The check resumes from here.
      this.start = measureBaseline(this.sim, measures);
      return null;
    }
    const growth = totalEnergy(measures) - this.start.initialEnergy;
    if (!(growth > this.limits.maxEnergyGrowth * this.start.energyScale)) return null;
    const { st } = this.sim;
    // The fastest particles are where the energy came from.
    const speed2 = (p: number) => st.vel[3 * p] ** 2 + st.vel[3 * p + 1] ** 2 + st.vel[3 * p + 2] ** 2;
    const fastest = Array.from({ length: st.n }, (_, p) => p).sort((a, b) => speed2(b) - speed2(a) || a - b)
      .slice(0, LISTED).map((p) => st.id[p]);
    return `${this.where()} the total energy rose by ${growth.toPrecision(3)} J, more than `
      + `${this.limits.maxEnergyGrowth} × the ${this.start.energyScale.toPrecision(3)} J the system could release at the start `
      + `(watchdog.maxEnergyGrowth); fastest particles ${fastest.join(', ')}; ${this.likelyCause()}`;
  }

  /** The time step against its stability limits, with numbers; the usual reason for all three symptoms. */
  private likelyCause(): string {
    const { dt, limits } = this.sim.setup;
    const safe = Math.min(AUTO_RAYLEIGH_FRACTION * limits.rayleighTime, limits.contactTime / AUTO_STEPS_PER_CONTACT);
    const ratios = `dt = ${dt.toPrecision(3)} s is ${(dt / limits.rayleighTime).toPrecision(3)} × the Rayleigh time `
      + `(${limits.rayleighTime.toPrecision(3)} s) and ${(dt / limits.contactTime).toPrecision(3)} × the Hertz contact time `
      + `(${limits.contactTime.toPrecision(3)} s at ${limits.impactSpeed.toPrecision(3)} m/s)`;
    if (dt > safe * 1.0001) {
      return `likely cause: time step too large for the contact stiffness: ${ratios}; reduce time.dt to at most `
        + `${safe.toPrecision(3)} s or use "auto"`;
    }
    return `the time step is within its limits (${ratios}); likely cause: impacts faster than ${limits.impactSpeed.toPrecision(3)} m/s `
      + 'or a material too soft for the loads (raise youngsModulus or reduce speeds)';
  }
}

/** What the watchdog and a series row read of one state: one pass over the particles and one over the contacts. */
export interface StateMeasures {
  energies: { kinetic: number; rotational: number; potential: number };
  contacts: ContactMeasures;
}

export function measureState(sim: Simulation): StateMeasures {
  return { energies: sim.energies(), contacts: sim.measureContacts() };
}

/** Kinetic + rotational + potential + elastic energy (J). */
export function totalEnergy({ energies: e, contacts }: StateMeasures): number {
  return e.kinetic + e.rotational + e.potential + contacts.elasticEnergy;
}

function measureBaseline(sim: Simulation, measures = measureState(sim)): EnergyBaseline {
  return { initialEnergy: totalEnergy(measures), energyScale: releasableEnergy(sim, measures), particles: sim.st.n };
}

/** Kinetic + rotational + elastic energy plus the potential energy of the particles' extent along gravity. */
function releasableEnergy(sim: Simulation, { energies: e, contacts }: StateMeasures): number {
  const { st, setup } = sim;
  const [gx, gy, gz] = setup.gravity;
  const g = Math.hypot(gx, gy, gz);
  let lo = Infinity, hi = -Infinity, mass = 0, rMax = 0;
  for (let p = 0; p < st.n; p++) {
    const h = g > 0 ? -(gx * st.pos[3 * p] + gy * st.pos[3 * p + 1] + gz * st.pos[3 * p + 2]) / g : 0;
    lo = Math.min(lo, h);
    hi = Math.max(hi, h);
    mass += st.mass[p];
    rMax = Math.max(rMax, st.radius[p]);
  }
  return e.kinetic + e.rotational + contacts.elasticEnergy + mass * g * (hi - lo + 2 * rMax);
}
