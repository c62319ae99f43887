/**
 * Layouts and ids the kernel shares with the JavaScript side, which defines them (the file named on each group).
 * Exported, so that test/kernel/layout.test.ts can hold every value here to the JavaScript one.
 */

// forces/contact.ts HISTORY: per-contact history, HISTORY_STRIDE doubles.
export const HISTORY_STRIDE: i32 = 7;
export const HISTORY_TANGENTIAL: i32 = 0;
export const HISTORY_ROLLING: i32 = 3;
export const HISTORY_LAW_STATE: i32 = 6;

// forces/contact.ts CONTACT: the one-contact input block.
export const CONTACT_DELTA: i32 = 0;
export const CONTACT_NX: i32 = 1;
export const CONTACT_VX: i32 = 4;
export const CONTACT_WX: i32 = 7;
export const CONTACT_STIFFNESS: i32 = 10;
export const CONTACT_DAMPING: i32 = 11;
export const CONTACT_TANGENTIAL_COEFFICIENT: i32 = 12;
export const CONTACT_REFF: i32 = 13;
export const CONTACT_RADIUS_FIRST: i32 = 14;
export const CONTACT_RADIUS_SECOND: i32 = 15;
export const CONTACT_LENGTH: i32 = 16;

// forces/contact.ts OUT: the one-contact output block.
export const OUT_FORCE: i32 = 0;
export const OUT_TORQUE_FIRST: i32 = 3;
export const OUT_TORQUE_SECOND: i32 = 6;
export const OUT_NORMAL_FORCE: i32 = 9;
export const OUT_SLIP_SPEED: i32 = 10;
export const OUT_LENGTH: i32 = 11;

// contacts/impact-records.ts IMPACT: a collision record, IMPACT_STRIDE doubles.
export const IMPACT_T_START: i32 = 0;
export const IMPACT_IMPACT_SPEED: i32 = 1;
export const IMPACT_MAX_OVERLAP: i32 = 2;
export const IMPACT_MAX_NORMAL_FORCE: i32 = 3;
export const IMPACT_SLIP_BEFORE: i32 = 4;
export const IMPACT_OMEGA_I_BEFORE: i32 = 5;
export const IMPACT_OMEGA_J_BEFORE: i32 = 8;
export const IMPACT_REBOUND_SPEED: i32 = 11;
export const IMPACT_SLIP_AFTER: i32 = 12;
export const IMPACT_LAST_TOUCH: i32 = 13;
export const IMPACT_LAST_OVERLAP: i32 = 14;
export const IMPACT_T_END: i32 = 15;
export const IMPACT_STRIDE: i32 = 16;

// contacts/pair-contacts.ts PAIR_OUT_STRIDE: force on first, torque on first, torque on second.
export const PAIR_OUT_STRIDE: i32 = 9;

// contacts/contact-arrays.ts CANDIDATE_STRIDE: per wall candidate δ, n (3), wall velocity (3), deferred.
export const WALL_CANDIDATE_STRIDE: i32 = 8;

// forces/normal/law.ts ElasticLaw.
export const ELASTIC_HERTZ: i32 = 0;
export const ELASTIC_LINEAR: i32 = 1;
export const ELASTIC_PLASTIC_HERTZ: i32 = 2;

// forces/normal/law.ts DampingExponent.
export const DAMPING_NONE: i32 = 0;
export const DAMPING_QUARTER: i32 = 1;
export const DAMPING_HALF: i32 = 2;
export const DAMPING_BORDBAR: i32 = 3;
export const DAMPING_HYSTERESIS: i32 = 4;
export const DAMPING_QUARTER_LOADING: i32 = 5;
export const DAMPING_ZERO: i32 = 6;

// forces/kernel-instance.ts SCRATCH_*: the lane's scratch block (bindScratch), in doubles: the sink of the pair
// pass, the one-contact CONTACT and OUT blocks, and the wall sum of the particle pass 3 is summing (walls.ts).
export const SCRATCH_SINK: i32 = 0;
export const SCRATCH_CONTACT: i32 = 8;
export const SCRATCH_OUT: i32 = SCRATCH_CONTACT + CONTACT_LENGTH;
export const SCRATCH_WALL_SUM: i32 = SCRATCH_OUT + OUT_LENGTH;
export const SCRATCH_LENGTH: i32 = SCRATCH_WALL_SUM + 9;
