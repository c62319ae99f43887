/**
 * What one instance of the kernel works on: the byte offsets of the shared arrays and the run's constants, set by
 * the JavaScript side (src/forces/kernel-instance.ts) through the bind functions exported in index.ts. Every
 * thread has its own instance over the one shared memory, so these globals are per thread.
 */

// Particle state (particles/state.ts): fixed for the run.
export let pos: usize = 0;
export let vel: usize = 0;
export let omega: usize = 0;
export let force: usize = 0;
export let torque: usize = 0;
export let radius: usize = 0;
export let invMass: usize = 0;
export let invInertia: usize = 0;
export let mass: usize = 0;
export let posAtBuild: usize = 0;
/** predicted full-step velocity and spin, 6 per particle (particles/state.ts predicted) */
export let predicted: usize = 0;
/** gravity (m/s²) */
export let gravityX: f64 = 0;
export let gravityY: f64 = 0;
export let gravityZ: f64 = 0;

// Contact table (forces/contact-table.ts KernelTable), by contact class: fixed for the run.
export let elasticOf: usize = 0;
export let exponentOf: usize = 0;
export let linearStiffness: usize = 0;
export let plasticSet: usize = 0;
export let minimumImpactSpeed: usize = 0;
export let friction: usize = 0;
export let rollingFriction: usize = 0;
export let hertzCoef: usize = 0;
export let mindlinCoef: usize = 0;
export let noTension: bool = false;

// What the run uses (forces/contact.ts KernelFeatures): a part no contact uses is skipped, a law all classes
// share is not looked up per contact (−1: per class).
export let sharedElastic: i32 = -1;
export let sharedExponent: i32 = -1;
export let hasFriction: bool = true;
export let hasRolling: bool = true;
export let trackImpacts: bool = false;
export let periodic: bool = false;

// The sphere-pair list (contacts/contact-arrays.ts PairArrays): rebound after every neighbour rebuild.
export let pairFirst: usize = 0;
export let pairSecond: usize = 0;
export let pairDamping: usize = 0;
export let pairClass: usize = 0;
export let pairTouching: usize = 0;
export let pairHistory: usize = 0;
export let pairImpact: usize = 0;
export let pairEnded: usize = 0;
/** doubles of history per contact (layout.ts HISTORY_STRIDE, or the spring's 3: forces/contact.ts historyStride) */
export let pairHistoryStride: i32 = 0;
export let image: usize = 0;
export let shift: usize = 0;
export let gathered: usize = 0;
export let pairOut: usize = 0;
/** the pairs with a gathered body, ascending, then i32.MAX_VALUE (a pair's index here is its slot in pairOut) */
export let gatheredPairs: usize = 0;
export let gatheredCount: i32 = 0;
export let csrStart: usize = 0;
export let csrEntry: usize = 0;

// The sphere–wall list (contacts/contact-arrays.ts WallArrays): its row index, the candidates' geometry this step,
// the contacts' constants and state; idem.
export let wallStart: usize = 0;
export let wallCandidates: usize = 0;
export let wallDamping: usize = 0;
export let wallClass: usize = 0;
export let wallTouching: usize = 0;
export let wallHistory: usize = 0;
export let wallImpact: usize = 0;
export let wallEnded: usize = 0;
export let wallHistoryStride: i32 = 0;

/** This thread's scratch block (layout.ts SCRATCH_*), from the shared memory. */
export let scratch: usize = 0;
