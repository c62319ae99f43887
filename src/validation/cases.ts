/** Every case of the validation report, in the report's order. */
import type { ValidationCase } from './checks.js';
import { CHUNG_OOI_CASES } from './chung-ooi.js';
import { COOLING_CASES } from './cooling-case.js';
import { DRUM_CASES } from './drum-case.js';
import { HEAP_CASES } from './heap-repose.js';
import { EXPERIMENT_CASES } from './kharaz.js';
import { PILE_CASES } from './pile-case.js';
import { RESTITUTION_CASES } from './restitution.js';
import { SILO_CASES } from './silo-case.js';
import { TANGENTIAL_CASES } from './tangential-step.js';

export const VALIDATION_CASES: readonly ValidationCase[] = [
  ...CHUNG_OOI_CASES, ...TANGENTIAL_CASES, ...EXPERIMENT_CASES, ...RESTITUTION_CASES, ...COOLING_CASES, ...SILO_CASES,
  ...PILE_CASES, ...DRUM_CASES, ...HEAP_CASES,
];
