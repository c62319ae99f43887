/**
 * The sphere-pair list of the current neighbour build: the contact-list core (contact-list.ts) plus what only
 * pairs have — the periodic image each pair acts through, and for the particles with a pair another lane computes the
 * pair results and the CSR index particle → pairs that sum them in the same order as the pair pass would
 * (docs/architecture.md §4). K, 8G*√R_eff and R_eff are cheap to recompute from the radii, so they are not stored
 * (memory per sphere); c may need three powers, so it is.
 *
 * Pairs are sorted by (first, second), first < second. A checkpoint saves the list with each pair's image; the
 * CSR index and the lane marks are rebuilt on restore; the pair results are rewritten before they are read.
 */
import type { ParticleState } from '../particles/state.js';
import type { KernelMemory } from '../base/kernel-memory.js';
import type { ContactTable, KernelTable } from '../forces/contact-table.js';
import { DampingMemo } from './damping-memo.js';
import { IMAGE_CODES, type ImagedPairList } from '../broadphase/periodic.js';
import type { PairArrays } from './contact-arrays.js';
import { CONTACT_LIST_FIELDS, contactBytes, ContactList } from './contact-list.js';
import { extendDeclaration, type StateDeclaration, type StateReader, type StateWriter } from '../base/saved-state.js';
import { PAIR_OUT, PAIR_OUT_STRIDE } from '../kernel-interface/layout.js';

/**
 * Room for this many times the pairs a build found, when the list must grow (the first build included). A settled
 * bed's pair count creeps up by about half a per cent per rebuild; a growth copies nothing (a build rewrites the
 * list), but the kernel memory never shrinks and the old arrays leave a hole the new, larger ones do not fit. On the
 * 10⁶-sphere bed of bench/vs-lammps.ts (1 000 steps, 3 rebuilds), growing by a quarter of the old capacity took the
 * kernel memory from 458 to 508 B per sphere on one thread and the process's maximum RSS to 803 B per sphere on two;
 * 5 % over the need: 468, and 704.
 */
const PAIR_HEADROOM = 1.05;

/**
 * m* of a pair: m_i m_j / (m_i + m_j), or, against a frozen sphere (inverse mass 0), the moving sphere's own mass,
 * as against a wall (docs/physics.md §1.6), so a restitution calibrated for m* holds against a frozen base. Two frozen
 * spheres never touch (placement refuses overlaps and neither moves): their m* is never used. R_eff stays the two
 * spheres' (the kernel recomputes K from the radii): a frozen sphere is still curved.
 */
function pairEffectiveMass(mi: number, mj: number, invMi: number, invMj: number): number {
  if (invMi === 0) return mj;
  if (invMj === 0) return mi;
  return (mi * mj) / (mi + mj);
}

/** What a pair search wrote into the list: the bodies alone, or their class and damping coefficient too. */
export const PairsFound = { bodies: 0, withConstants: 1 } as const;
export type PairsFound = (typeof PairsFound)[keyof typeof PairsFound];

/** The contact class of each pair of materials: classIndex[a · materials + b] (forces/contact-table.ts). */
export interface PairClasses {
  classIndex: Uint16Array;
  materials: number;
}

export function pairClasses(table: ContactTable): PairClasses {
  return { classIndex: table.classIndex, materials: table.materialNames.length };
}

/** The columns of pairs writePairConstants reads (bodies) and writes (class, damping coefficient). */
export interface PairConstantColumns {
  i: Int32Array;
  j: Int32Array;
  cls: Uint16Array;
  c: Float64Array;
}

/**
 * Class and damping coefficient of pairs 0 … count − 1 of `columns`, from their bodies (R_eff, m*: docs/physics.md
 * §1.6). Each pair's values depend on its bodies alone, so a lane's segment gets the values the serial build gives
 * (engine/parallel/executor.ts findPairs).
 */
export function writePairConstants(
  columns: PairConstantColumns, count: number, st: ParticleState, table: KernelTable, classes: PairClasses,
  damping: DampingMemo,
): void {
  const { radius, mass, invMass, material } = st;
  const { i: first, j: second, cls, c } = columns;
  const { classIndex, materials } = classes;
  for (let p = 0; p < count; p++) {
    const i = first[p], j = second[p];
    const ri = radius[i], rj = radius[j];
    cls[p] = classIndex[material[i] * materials + material[j]];
    c[p] = damping.coefficient(table, cls[p], (ri * rj) / (ri + rj), pairEffectiveMass(mass[i], mass[j], invMass[i], invMass[j]));
  }
}

/** Kernel memory of one pair (bytes): a contact of the list, and its periodic image code (Uint8). */
export function pairBytes(historyStride: number, trackImpacts: boolean): number {
  return contactBytes(historyStride, trackImpacts) + 1;
}

/** After the last of gatheredPairs: above every pair index, so the pair pass's walk through them stops there. */
const GATHERED_PAIRS_END = 0x7fffffff;

const PAIR_CONTACTS_STATE = extendDeclaration(CONTACT_LIST_FIELDS, {
  part: 'pairContacts',
  // 3: the tangential history holds a spring force (N), no longer a displacement (docs/physics.md §9.3);
  // 4: the history has the Mindlin–Deresiewicz turning point after the spring (rolling torque and law state moved);
  // 5: no turning point; the micro-slip spring row (its reach and springs) after the law state (docs/physics.md §9.9)
  version: 6,
  saved: ['image'],
  excluded: {
    shift: "fixed: shift of each periodic image code, from the scenario's periodic box",
    out: 'scratch: results of the pairs with a gathered body, written by the pair pass before the gather reads them',
    gatheredPairs: 'derived: from the lane ranges, set after every rebuild or restore (markGathered)',
    gatheredCount: 'derived: from the lane ranges, set after every rebuild or restore (markGathered)',
    gathered: 'derived: from the lane ranges, set after every rebuild or restore (markGathered)',
    csrStart: 'derived: CSR index gathered particle → pairs, from the lane ranges (markGathered)',
    csrEntry: 'derived: CSR index gathered particle → pairs, from the lane ranges (markGathered)',
    csrCursor: 'scratch: fill positions while the CSR is built',
    nParticles: 'fixed: spheres the run will ever hold',
    keepPairResults: 'fixed: outputs.contactTrace of the scenario',
    output: 'fixed: the view a neighbour build writes the list through (its arrays are the saved ones)',
    damping: 'scratch: memo of the damping coefficient for the last class, R_eff and m*; any content gives the same c',
  },
});

export class PairContactList extends ContactList implements PairArrays {
  /** periodic image of `second` this pair acts with (broadphase/periodic.ts); 0 = the particle itself */
  image: Uint8Array;
  /** shift (m) of each image code, xyz; all zero without periodic boundaries */
  readonly shift: Float64Array;
  out: Float64Array;
  gatheredPairs: Int32Array;
  gatheredCount = 0;
  readonly gathered: Uint8Array;
  readonly csrStart: Int32Array;
  csrEntry: Int32Array;
  private readonly csrCursor: Int32Array;
  /**
   * The list as a broad phase's output (broadphase/types.ts PairList): a build writes first, second and image
   * straight into the kernel memory, with no candidate list in between (38 B per sphere at 10⁶ spheres).
   */
  private readonly output: ImagedPairList;
  /** the damping coefficients of a build whose search wrote the bodies only */
  private readonly damping = new DampingMemo();

  /**
   * @param keepPairResults every pair's result stays readable after the step (pairForceOnFirst; the contact trace):
   * every particle is then gathered, which sums in the same order, so results do not change
   * @param copyRoom rows for boundary copies after the particles' (particles/state.ts copyRoom): they are marked too
   */
  constructor(
    memory: KernelMemory, historyStride: number, private readonly nParticles: number, impactStride: number,
    private readonly keepPairResults = false, copyRoom = 0, initialCapacity = 1024,
  ) {
    super(memory, historyStride, nParticles, impactStride, true);
    this.image = memory.uint8(0);
    this.shift = memory.float64(3 * IMAGE_CODES);
    this.out = memory.float64(0);
    this.gatheredPairs = memory.int32(1);
    this.csrStart = memory.int32(nParticles + 1);
    this.csrEntry = memory.int32(0);
    this.gathered = memory.uint8(nParticles + copyRoom);
    this.csrCursor = new Int32Array(nParticles);
    this.grow(initialCapacity);
    const list = this;
    this.output = {
      count: 0,
      get i() { return list.first; },
      get j() { return list.second; },
      get image() { return list.image; },
      reserve(capacity: number) {
        if (capacity > list.capacity) list.grow(Math.ceil(PAIR_HEADROOM * capacity));
      },
    };
  }

  /**
   * Replaces the pair list with the pairs `find` writes into it, in place (sorted, first < second, each with its
   * image), and rebuilds the CSR. Touching pairs keep their history and collision record.
   */
  rebuild(find: (out: ImagedPairList) => PairsFound, st: ParticleState, table: ContactTable, newIndexOf: Int32Array | null): void {
    this.beginRebuild(newIndexOf);
    const found = find(this.output);
    const m = this.output.count;
    if (found === PairsFound.bodies) {
      const columns = { i: this.first, j: this.second, cls: this.cls, c: this.c };
      writePairConstants(columns, m, st, table.kernel, pairClasses(table), this.damping);
    }
    this.endRebuild(m);
  }

  get stateDeclaration(): StateDeclaration {
    return PAIR_CONTACTS_STATE;
  }

  override saveState(out: StateWriter): void {
    super.saveState(out);
    out.array('image', this.image.subarray(0, this.count));
  }

  override restoreState(from: StateReader): void {
    super.restoreState(from);
    this.image.set(from.array('image', Uint8Array, this.count));
  }

  /**
   * Separation vector x_first − x_second (through the pair's periodic image) into out[0..2]; returns its length.
   * For diagnostics and outputs, with the pair pass's arithmetic (src/kernel/pairs.ts: the root of the sum of
   * squares), so that an overlap measured here is the kernel's bit for bit. Not Math.hypot: its care for overflow
   * costs V8 about ten times the root (34 against 2.5 ns a call, measured), and the series rows and the watchdog
   * measure every pair (Simulation.forEachContact).
   */
  separation(pos: Float64Array, p: number, out: Float64Array): number {
    const i3 = 3 * this.first[p], j3 = 3 * this.second[p], s3 = 3 * this.image[p], shift = this.shift;
    const dx = pos[i3] - pos[j3] - shift[s3];
    const dy = pos[i3 + 1] - pos[j3 + 1] - shift[s3 + 1];
    const dz = pos[i3 + 2] - pos[j3 + 2] - shift[s3 + 2];
    out[0] = dx; out[1] = dy; out[2] = dz;
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /**
   * Marks the particles whose pairs the pair pass cannot add into their sums: lane k holds spheres sphereBounds[k] …
   * sphereBounds[k+1] − 1 and computes their rows of the list (engine/parallel/executor.ts contactsChanged), so a
   * sphere that is the second body of a pair of a lane below (pairs are sorted with first < second) would get
   * results from a lane that does not hold it. Each pair with such a body gets a slot in the pair buffer, and the
   * pairs of these particles are indexed (CSR): the gather pass of their own lane sums them from the buffer in
   * ascending pair order. After every rebuild and restore.
   */
  markGathered(sphereBounds: Int32Array, lanes: number): void {
    const { gathered, first, second, rowStart: rows } = this;
    gathered.fill(this.keepPairResults ? 1 : 0);
    for (let lane = 0; lane + 1 < lanes && !this.keepPairResults; lane++) {
      const above = sphereBounds[lane + 1];
      for (let p = rows[sphereBounds[lane]], end = rows[above]; p < end; p++) {
        if (second[p] >= above) gathered[second[p]] = 1;
      }
    }
    // Slots in the pair buffer for the pairs with a gathered body only (few: the buffer is not per pair). One lane
    // gathers none unless every pair's result is kept: its rebuilds skip the walk (docs/architecture.md §3, "The lane
    // ranges after a rebuild").
    let slots = 0;
    if (lanes > 1 || this.keepPairResults) {
      for (let p = 0; p < this.count; p++) slots += gathered[first[p]] | gathered[second[p]];
    }
    if (slots + 1 > this.gatheredPairs.length) {
      this.memory.release(this.gatheredPairs);
      this.gatheredPairs = this.memory.int32(Math.ceil(1.5 * (slots + 1)));
    }
    const gatheredPairs = this.gatheredPairs;
    for (let p = 0, s = 0; s < slots; p++) if ((gathered[first[p]] | gathered[second[p]]) !== 0) gatheredPairs[s++] = p;
    gatheredPairs[slots] = GATHERED_PAIRS_END;
    this.gatheredCount = slots;
    if (PAIR_OUT_STRIDE * slots > this.out.length) {
      this.memory.release(this.out);
      this.out = this.memory.float64(PAIR_OUT_STRIDE * Math.ceil(1.5 * slots));
    }
    this.indexGathered();
  }

  /** Force on `first` (N) of touching pair p in the last step, into out[0..2]; only with keepPairResults. */
  pairForceOnFirst(p: number, out: Float64Array): void {
    if (!this.keepPairResults) throw new Error('internal: pair results are kept only when the list is made to keep them');
    // Every particle is gathered then, so every pair has a slot, and slot = pair.
    const o = PAIR_OUT_STRIDE * p + PAIR_OUT.force;
    out[0] = this.out[o]; out[1] = this.out[o + 1]; out[2] = this.out[o + 2];
  }

  /**
   * The CSR index of the gathered particles' pairs (entry = 2·slot + 0 if the particle is first, 1 if second), in
   * ascending pair order per particle: the fixed summation order. Other particles get empty rows.
   */
  private indexGathered(): void {
    const { csrStart: start, gathered, first, second, gatheredPairs, gatheredCount, nParticles: n } = this;
    start.fill(0);
    for (let s = 0; s < gatheredCount; s++) {
      const p = gatheredPairs[s];
      start[first[p] + 1] += gathered[first[p]];
      start[second[p] + 1] += gathered[second[p]];
    }
    for (let q = 0; q < n; q++) start[q + 1] += start[q];
    if (start[n] > this.csrEntry.length) {
      this.memory.release(this.csrEntry);
      this.csrEntry = this.memory.int32(Math.ceil(1.5 * start[n]));
    }
    const cursor = this.csrCursor;
    for (let q = 0; q < n; q++) cursor[q] = start[q];
    // Slots ascend with their pairs, so each particle's entries come in ascending pair order.
    for (let s = 0; s < gatheredCount; s++) {
      const p = gatheredPairs[s];
      if (gathered[first[p]] === 1) this.csrEntry[cursor[first[p]]++] = 2 * s;
      if (gathered[second[p]] === 1) this.csrEntry[cursor[second[p]]++] = 2 * s + 1;
    }
  }

  protected override grow(capacity: number, keep = 0): void {
    const { memory } = this;
    // Rewritten by every build, never kept: returned first, as the core's arrays are (contact-list.ts grow).
    memory.release(this.image);
    super.grow(capacity, keep);
    this.image = memory.uint8(capacity);
  }
}
