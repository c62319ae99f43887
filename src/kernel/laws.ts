/**
 * What the contact law (law.ts) is compiled for, as types: the pair pass is compiled once per combination
 * (pairs.ts) and picks one at each call, so a run pays only for what it uses — no per-contact lookup of the law,
 * no rolling-resistance code without rolling resistance, no collision records without `outputs.impacts`, and only
 * the fields impact-statistics.csv reads without full records (docs/architecture.md §3 "Where the time goes" has
 * what each saves).
 *
 * A Law type gives the ElasticLaw and DampingExponent ids (layout.ts) of a contact of class `cls`: `PerClass`
 * reads them from the contact table; the others are the laws a run most often gives every class, with the ids as
 * constants. An Options type says whether rolling resistance, collision records (`impacts`; with `fullRecords` every
 * field of them, records.ts) and the Mindlin–Deresiewicz
 * micro-slip (docs/physics.md §9.9) are computed: `AsBound` reads the run's features, the others are constants —
 * without micro-slip, whose spring-row loops would otherwise stay in every pair pass, for the runs (all but a few)
 * that have no class using it.
 */
import {
  DAMPING_BORDBAR, DAMPING_HALF, DAMPING_HYSTERESIS, DAMPING_NONE, DAMPING_QUARTER, ELASTIC_HERTZ,
} from './layout';
import { elasticOf, exponentOf, fullImpactRecords, hasMicroSlip, hasRolling, trackImpacts } from './bound';
import { u8At } from './memory';

/** Any mix of laws: each contact's ids from its class. */
@final @unmanaged export class PerClass {
  @inline elasticId(cls: i32): i32 { return u8At(elasticOf, cls); }
  @inline shapeId(cls: i32): i32 { return u8At(exponentOf, cls); }
}

/** Hertz without damping. */
@final @unmanaged export class Hertz {
  @inline elasticId(cls: i32): i32 { return ELASTIC_HERTZ; }
  @inline shapeId(cls: i32): i32 { return DAMPING_NONE; }
}

/** Hertz with damping ∝ δ^{1/4}: Tsuji. */
@final @unmanaged export class HertzQuarter {
  @inline elasticId(cls: i32): i32 { return ELASTIC_HERTZ; }
  @inline shapeId(cls: i32): i32 { return DAMPING_QUARTER; }
}

/** Hertz with damping ∝ δ^{1/2}: Kuwabara–Kono, Brilliantov. */
@final @unmanaged export class HertzHalf {
  @inline elasticId(cls: i32): i32 { return ELASTIC_HERTZ; }
  @inline shapeId(cls: i32): i32 { return DAMPING_HALF; }
}

/** Hertz with damping ∝ δ^{0.65}: Bordbar–Hyppänen. */
@final @unmanaged export class HertzBordbar {
  @inline elasticId(cls: i32): i32 { return ELASTIC_HERTZ; }
  @inline shapeId(cls: i32): i32 { return DAMPING_BORDBAR; }
}

/** Hertz with damping ∝ δ^{3/2}/v₀: the Hunt–Crossley family. */
@final @unmanaged export class HertzHysteresis {
  @inline elasticId(cls: i32): i32 { return ELASTIC_HERTZ; }
  @inline shapeId(cls: i32): i32 { return DAMPING_HYSTERESIS; }
}

/** Neither rolling resistance nor collision records. */
@final @unmanaged export class Plain {
  @inline get rolling(): bool { return false; }
  @inline get impacts(): bool { return false; }
  @inline get microSlip(): bool { return false; }
  @inline get fullRecords(): bool { return false; }
}

/** Rolling resistance, no collision records. */
@final @unmanaged export class Rolling {
  @inline get rolling(): bool { return true; }
  @inline get impacts(): bool { return false; }
  @inline get microSlip(): bool { return false; }
  @inline get fullRecords(): bool { return false; }
}

/** Collision records for impact-statistics.csv, no rolling resistance. */
@final @unmanaged export class ImpactStatistics {
  @inline get rolling(): bool { return false; }
  @inline get impacts(): bool { return true; }
  @inline get microSlip(): bool { return false; }
  @inline get fullRecords(): bool { return false; }
}

/** Full collision records, no rolling resistance. */
@final @unmanaged export class ImpactRecords {
  @inline get rolling(): bool { return false; }
  @inline get impacts(): bool { return true; }
  @inline get microSlip(): bool { return false; }
  @inline get fullRecords(): bool { return true; }
}

/** Rolling resistance and collision records for impact-statistics.csv. */
@final @unmanaged export class RollingImpactStatistics {
  @inline get rolling(): bool { return true; }
  @inline get impacts(): bool { return true; }
  @inline get microSlip(): bool { return false; }
  @inline get fullRecords(): bool { return false; }
}

/** Rolling resistance and full collision records. */
@final @unmanaged export class RollingImpactRecords {
  @inline get rolling(): bool { return true; }
  @inline get impacts(): bool { return true; }
  @inline get microSlip(): bool { return false; }
  @inline get fullRecords(): bool { return true; }
}

/** Whatever the run's features say (the one-contact entries: few contacts, one compiled law). */
@final @unmanaged export class AsBound {
  @inline get rolling(): bool { return hasRolling; }
  @inline get impacts(): bool { return trackImpacts; }
  @inline get microSlip(): bool { return hasMicroSlip; }
  @inline get fullRecords(): bool { return fullImpactRecords; }
}
