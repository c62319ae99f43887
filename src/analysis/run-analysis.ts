/**
 * The analysis a scenario asks for (`analysis` block), fed while the run goes and finished at its end: it
 * returns what goes into summary.json under `analysis` and writes its own files into the run directory.
 * Only the granular-gas cooling analysis exists so far.
 */
import type { Scenario } from '../scenario/schema.js';
import type { Simulation } from '../sim/simulation.js';
import type { RunDirectory } from '../output/run-directory.js';
import { CsvWriter } from '../output/csv.js';
import { renderLinePlotSvg } from '../plot/line-plot.js';
import { coolingCurve, fitCooling, granularTemperature, type CoolingFit } from './cooling.js';

export interface RunAnalysis {
  /** Called at t = 0 and at every series.csv row. */
  sample(sim: Simulation): void;
  /** The result for summary.json; writes the analysis' files into `dir`. */
  finish(dir: RunDirectory): Promise<unknown>;
}

export function createRunAnalysis(scenario: Scenario): RunAnalysis | null {
  return scenario.analysis?.type === 'cooling' ? new CoolingAnalysis(scenario.analysis.fitFrom, scenario.analysis.fitTo) : null;
}

export interface CoolingResult {
  type: 'cooling';
  /** definition of the temperature samples, for readers of summary.json */
  temperature: string;
  fit: CoolingFit | null;
  /** why there is no fit, when there is none */
  error?: string;
}

/**
 * Granular temperature at every series row → temperature.csv and temperature.svg (log–log, with the fit), the
 * fit of its decay → summary.json.
 */
class CoolingAnalysis implements RunAnalysis {
  private readonly t: number[] = [];
  private readonly T: number[] = [];

  constructor(private readonly fitFrom = 0, private readonly fitTo = Infinity) {}

  sample(sim: Simulation): void {
    this.t.push(sim.time);
    this.T.push(granularTemperature(sim.st.mass, sim.st.vel, sim.st.n));
  }

  async finish(dir: RunDirectory): Promise<CoolingResult> {
    let fit: CoolingFit | null = null, error: string | undefined;
    try {
      fit = fitCooling(this.t, this.T, this.fitFrom, this.fitTo);
    } catch (e) {
      error = (e as Error).message;
    }
    const csv = new CsvWriter(dir.file('temperature.csv'), ['t', 'granular_temperature', 'fit']);
    const model = (t: number) => (fit ? coolingCurve(fit, t) : '');
    this.t.forEach((t, k) => csv.row([t, this.T[k], model(t)]));
    csv.close();
    dir.writeFile('temperature.svg', await renderLinePlotSvg({
      title: fit ? `Granular cooling: T ∝ (1 + t/τ)^−p, p = ${fit.exponent.toFixed(3)} ± ${fit.exponentStdError.toFixed(3)}`
        : 'Granular cooling (no fit)',
      xLabel: 'time t (s)',
      yLabel: 'granular temperature T (J)',
      xLog: true,
      yLog: true,
      series: [
        { name: 'simulation', x: this.t, y: this.T, mark: 'point' },
        ...(fit ? [{ name: `fit, ${fit.from.toPrecision(3)}–${fit.to.toPrecision(3)} s`, x: this.t, y: this.t.map((t) => coolingCurve(fit, t)) }] : []),
      ],
    }));
    return {
      type: 'cooling',
      temperature: 'T = (1/(3N)) Σ m|v − v̄|² (J), v̄ the mass-weighted mean velocity; fit T0/(1 + t/τ)^p',
      fit,
      ...(error === undefined ? {} : { error }),
    };
  }
}
