/**
 * Bounces of one ball on a floor: restitution of each collision (rebound over impact normal speed, from the
 * collision records) and the apex height reached after it (highest sampled centre height before the next
 * collision). For a constant e the apexes follow R + (H₀ − R)·e^{2k} (Safaeifar 2020, §8; docs/physics.md §7.9),
 * printed beside the measured ones.
 */
export interface BounceImpact {
  /** start time (s) and duration (s) of the collision */
  tStart: number;
  duration: number;
  impactSpeed: number;
  reboundSpeed: number;
}

export interface HeightSamples {
  t: readonly number[];
  /** centre height (m) */
  z: readonly number[];
}

export interface Bounce {
  bounce: number;
  tStart: number;
  contactTime: number;
  impactSpeed: number;
  reboundSpeed: number;
  restitution: number;
  /** highest centre height after this bounce (m); null when the run ended before the ball came down again */
  apexHeight: number | null;
  /** R + (H₀ − R)·e₁^{2k} with e₁ the first bounce's restitution (m) */
  constantRestitutionApex: number;
}

/** `dropHeight` is the initial centre height H₀ and `radius` R (m). */
export function analyseBounces(
  impacts: readonly BounceImpact[], heights: HeightSamples, dropHeight: number, radius: number,
): Bounce[] {
  const sorted = [...impacts].sort((a, b) => a.tStart - b.tStart);
  const e1 = sorted.length > 0 ? sorted[0].reboundSpeed / sorted[0].impactSpeed : Number.NaN;
  return sorted.map((impact, k) => {
    const after = impact.tStart + impact.duration;
    const next = sorted[k + 1]?.tStart;
    let apex: number | null = null;
    if (next !== undefined) {
      for (let s = 0; s < heights.t.length; s++) {
        if (heights.t[s] >= after && heights.t[s] <= next) apex = Math.max(apex ?? -Infinity, heights.z[s]);
      }
    }
    return {
      bounce: k + 1,
      tStart: impact.tStart,
      contactTime: impact.duration,
      impactSpeed: impact.impactSpeed,
      reboundSpeed: impact.reboundSpeed,
      restitution: impact.reboundSpeed / impact.impactSpeed,
      apexHeight: apex,
      constantRestitutionApex: radius + (dropHeight - radius) * e1 ** (2 * (k + 1)),
    };
  });
}
