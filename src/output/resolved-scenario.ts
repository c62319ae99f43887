/**
 * The resolved scenario written to a run's scenario.json: the input with every default filled (file paths absolute),
 * plus what grainflow derived from it — time step and its limits, skin, the sphere file's SHA-256 and sphere count,
 * and per material pair the effective moduli, the normal law's calibrated constants, and K and c at the mean particle
 * radii of the two materials.
 */
import type { ScenarioModel } from '../engine/setup.js';
import { contactConstants } from '../forces/contact-table.js';
import { dampingExponentValue } from '../forces/normal/law.js';
import { effectiveMass, effectiveRadius } from '../forces/elastic.js';

export function describeSetup(setup: ScenarioModel & { steps: number; outputInterval: number }): object {
  const { scenario, table } = setup;
  // Mean radius and mass of the particles of each material (poured ones included), to report K and c for typical contacts.
  const sums = table.materialNames.map(() => ({ n: 0, r: 0, m: 0 }));
  const add = (r: number, material: number) => {
    const s = sums[material];
    s.n++;
    s.r += r;
    s.m += (4 / 3) * Math.PI * r ** 3 * setup.densities[material];
  };
  const { radius, material, n } = setup.particles;
  for (let k = 0; k < n; k++) add(radius[k], material[k]);
  for (const block of setup.pour.blocks) {
    const m = table.materialNames.indexOf(block.material);
    for (const r of block.radii) add(r, m);
  }
  const typical = sums.map((s) => (s.n > 0 ? { r: s.r / s.n, m: s.m / s.n } : null));
  const wallMaterials = new Set(setup.wallMaterials);
  const consts = new Float64Array(3);
  const typicalContact = (cls: number, r: number, m: number) => {
    contactConstants(consts, table.kernel, cls, r, m);
    return { effectiveRadius_m: r, effectiveMass_kg: m, K_N_per_m1_5: consts[0], dampingCoefficient_SI: consts[1] };
  };

  const contactClasses = table.classes.map((c, cls) => {
    const [a, b] = c.materials.map((name) => table.materialNames.indexOf(name));
    const entry: Record<string, unknown> = {
      materials: c.materials,
      effectiveModulus_Pa: c.effectiveModulus,
      effectiveShearModulus_Pa: c.effectiveShearModulus,
      friction: c.friction,
      rollingFriction: c.rollingFriction,
      normal: { model: c.law.model, dampingExponent: dampingExponentValue(c.law.dampingExponent), ...c.law.derived },
    };
    const ta = typical[a], tb = typical[b];
    if (ta && tb) entry.atMeanRadii = typicalContact(cls, effectiveRadius(ta.r, tb.r), effectiveMass(ta.m, tb.m));
    // Sphere–wall: R_eff = R, m* = m of the sphere.
    if (ta && wallMaterials.has(b)) entry.sphereOfFirstOnWallOfSecond = typicalContact(cls, ta.r, ta.m);
    if (tb && a !== b && wallMaterials.has(a)) entry.sphereOfSecondOnWallOfFirst = typicalContact(cls, tb.r, tb.m);
    return entry;
  });

  // `$schema` is a path relative to the input file; it would point nowhere from the run directory.
  const { $schema: _schemaPath, ...resolved } = scenario;
  return {
    ...resolved,
    derived: {
      particleCount: setup.particles.n,
      ...(setup.sphereFile === null ? {} : { sphereFile: setup.sphereFile }),
      pouredParticleCount: setup.pour.total,
      dt_s: setup.dt,
      dtIsAuto: scenario.time.dt === 'auto',
      steps: setup.steps,
      rayleighTime_s: setup.limits.rayleighTime,
      hertzContactTime_s: setup.limits.contactTime,
      ...(Number.isFinite(setup.limits.dampingTime) ? { hysteresisDampingTime_s: setup.limits.dampingTime } : {}),
      characteristicImpactSpeed_m_per_s: setup.limits.impactSpeed,
      skin_m: setup.skin,
      outputInterval_s: setup.outputInterval,
      broadphase: setup.broadphase,
      contactClasses,
      warnings: setup.warnings,
    },
  };
}
