/**
 * When a run writes its frames and VTK files (docs/outputs.md, "Frames at the requested times"): at the step
 * nearest each requested time j·outputs.interval (and at the run's last step), each stamped with that requested
 * time, not the step's. The time step is never adjusted to the interval — that would change every result — so
 * the state of that step, up to dt/2 from the stamp, is carried to the stamp for the snapshot (spheres-at-time.ts).
 * series.csv rows and the analyses keep their own cadence (every round(interval/dt) steps, at the steps' times).
 *
 * Both questions are answered from the step number alone, so a resumed run continues the same schedule.
 */

/** Whether step k is the one nearest some requested time, or the last: a snapshot is written there. */
export function snapshotDue(k: number, interval: number, dt: number, steps: number): boolean {
  return k === steps || k === Math.round((nearestRequest(k, interval, dt) * interval) / dt);
}

/**
 * The time step k's snapshot is stamped with: the requested time nearest its state (the run's duration at its last
 * step), to 12 significant digits so that 59 × 0.005 reads 0.295, not 0.29500000000000004.
 */
export function snapshotTime(k: number, interval: number, dt: number, steps: number, duration: number): number {
  const t = k === steps ? duration : nearestRequest(k, interval, dt) * interval;
  return Number(t.toPrecision(12));
}

function nearestRequest(k: number, interval: number, dt: number): number {
  return Math.round((k * dt) / interval);
}
