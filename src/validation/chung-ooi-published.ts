/**
 * The DEM curves Chung & Ooi publish for their impact benchmarks (Y.C. Chung, J.Y. Ooi, "Benchmark tests for
 * verifying discrete element modelling codes at particle impact level", Granular Matter 13 (2011) 643–656), tests
 * 4, 5, 6 and 8: the points as digitised from the paper's figures by the Kratos Multiphysics DEM application
 * (KratosMultiphysics/Kratos, applications/DEMApplication/test_examples/basic_benchmarks/paper_data/
 * benchmark{4,5,6,8}_graph*.dat, commit 650ccb263d910608aa74112ddb4c8fa45ca5ba96 and its neighbours; Kratos is
 * distributed under a BSD-style licence, © CIMNE). The numbers are the paper's data; they are rounded here to the
 * digitisation's resolution (about a thousandth of each axis). chung-ooi.ts compares grainflow with them.
 *
 * What the digitisation is worth: where the contact slides throughout, the paper's DEM must give the exact
 * rigid-body value, so the scatter of those points about it measures the digitisation error of each figure
 * (`digitisation` below; test/validation/chung-ooi-published.test.ts holds every figure to it).
 *
 * Conventions, as the figures draw them:
 * - test 4: x the incident angle θ (°); e_t = v′_t/v_t of the centre; the rebound spin ω′ in rad/s, negative (the
 *   paper's axis turns the other way from grainflow's ω_y);
 * - test 5: x ψ = V_st/(μV_cn); ψ′ = V′_st/(μV′_cn) of the contact point; the spin as ω′R/(μV_cn), negative as in
 *   test 4. The paper also draws finite-element results beside its DEM ones: `fem` (plotted, not calibrated: the
 *   elastic continuum has micro-slip, so it does not slide throughout where the DEM does);
 * - tests 6 and 8: x = (7/2)μ(1+e)V_cn/V_st; β = −V′_st/V_st of the contact points.
 * Test 7's curves are the exact no-slip values (ω′ = ω, no tangential velocity), already checked as such.
 * Test 8's files carry three curves per figure whose headers ("two spheres case A", "case B", "test 6") disagree
 * with the labels Kratos's own scripts give them (aluminium alloy, nylon); the first curve of graph 1 (aluminium
 * alloy) and of graph 3 (nylon) are used, the ones that agree with test 6 as the set-up implies.
 */

/** [x, y] points of one published curve, in the figure's order. */
export type Curve = readonly (readonly [number, number])[];

export interface PublishedFigure {
  /** the curves, by material (and `fem` where the paper draws finite-element results) */
  curves: Readonly<Record<string, Curve>>;
  /** whether the paper's contact slides throughout at x (read off its curves: they lie on `exact` there) */
  slides(x: number): boolean;
  /** the rigid-body value where the contact slides throughout (Chung & Ooi, Eqs 10–15), in the figure's units */
  exact(x: number): number;
  /**
   * The largest distance of a digitised point from `exact` where the contact slides, in the figure's y unit: how
   * well the figure was digitised.
   */
  digitisation: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
/** The set-ups of the tests (chung-ooi.ts runs them): μ(1+e), and test 4's speed (m/s) and radius (m). */
const TEST_4 = { friction: 0.092 * 1.98, speed: 3.9, radius: 0.0025 };

/** Test 4: tangential restitution e_t against the incident angle (°). */
export const TEST_4_RESTITUTION: PublishedFigure = {
  curves: {
    'aluminium oxide': [[5.168, 0.9481], [10.158, 0.6870], [14.990, 0.6244], [20.059, 0.6161], [25.050, 0.6343],
      [30.119, 0.6837], [35.030, 0.7372], [40.020, 0.7809], [50.000, 0.8451], [59.980, 0.8929], [69.960, 0.9316],
      [80.020, 0.9662], [85.010, 0.9827]],
    'aluminium alloy': [[5.089, 0.8987], [10.000, 0.6713], [15.069, 0.6129], [20.059, 0.6087], [24.970, 0.6334],
      [30.040, 0.6829], [35.030, 0.7364], [40.020, 0.7801], [49.921, 0.8443], [59.980, 0.8913], [70.040, 0.9325],
      [80.099, 0.9662], [84.931, 0.9827]],
  },
  slides: (angle) => angle > 32.5,
  exact: (angle) => 1 - TEST_4.friction / Math.tan(toRadians(angle)),
  digitisation: 0.004,
};

/** Test 4: rebound spin ω′ (rad/s, the paper's sign) against the incident angle (°). */
export const TEST_4_SPIN: PublishedFigure = {
  curves: {
    'aluminium oxide': [[4.951, -19.3], [10.079, -213.0], [14.970, -377.8], [19.941, -510.6], [24.911, -599.4],
      [29.961, -616.5], [34.931, -582.3], [39.980, -544.8], [50.000, -457.0], [60.020, -357.5], [69.961, -246.2],
      [80.059, -126.3], [85.030, -63.1]],
    'aluminium alloy': [[4.951, -35.3], [9.921, -223.7], [14.970, -389.6], [20.020, -519.1], [24.911, -599.4],
      [30.039, -617.6], [34.852, -582.3], [39.980, -544.8], [50.000, -458.1], [60.020, -358.6], [69.961, -245.1],
      [80.059, -125.2], [85.030, -64.2]],
  },
  slides: (angle) => angle > 32.5,
  exact: (angle) => (-2.5 * TEST_4.friction * TEST_4.speed * Math.cos(toRadians(angle))) / TEST_4.radius,
  digitisation: 4,
};

/** Test 5: recoil ψ′ = V′_st/(μV′_cn) against ψ = V_st/(μV_cn). */
export const TEST_5_RECOIL: PublishedFigure = {
  curves: {
    steel: [[0.0665, -0.080], [0.3323, -0.280], [0.6707, -0.493], [1.0091, -0.747], [1.3353, -1.000],
      [1.6616, -1.267], [2.0000, -1.533], [2.3505, -1.813], [2.9909, -2.440], [3.3414, -2.693], [4.0060, -2.787],
      [4.9970, -2.000], [6.0000, -1.013], [9.9879, 3.013], [12.9607, 6.013]],
    polyethylene: [[0.0785, -0.080], [0.3444, -0.293], [0.6707, -0.573], [0.9970, -0.880], [1.3474, -1.120],
      [1.6737, -1.440], [2.0121, -1.760], [2.3263, -2.053], [2.9909, -2.680], [3.3414, -2.947], [3.9940, -2.933],
      [4.9970, -2.000], [5.9879, -1.000], [10.0000, 3.000], [12.9607, 6.013]],
    fem: [[0.0060, -0.027], [0.2719, -0.027], [0.5861, -0.027], [0.8761, -0.080], [1.1903, -0.213], [1.5529, -0.373],
      [1.9154, -0.627], [2.3142, -0.947], [2.7855, -1.253], [3.3172, -1.520], [3.9698, -1.720], [4.7553, -1.707],
      [5.7583, -1.200], [7.1239, 0.133], [9.1178, 2.147], [12.3565, 5.427]],
  },
  // Sliding with e = 1 the contact point loses (7/2)μ(1+e)V_cn = 7μV_cn, and the spin gains (5/2)μ(1+e)V_cn/R.
  slides: (psi) => psi > 4.5,
  exact: (psi) => psi - 7,
  digitisation: 0.06,
};

/** Test 5: rebound spin ω′R/(μV_cn) (the paper's sign) against ψ = V_st/(μV_cn). */
export const TEST_5_SPIN: PublishedFigure = {
  curves: {
    steel: [[0.0578, -0.106], [0.3526, -0.430], [0.6821, -0.820], [0.9942, -1.250], [1.3410, -1.664],
      [1.6879, -2.094], [2.0000, -2.524], [2.3295, -2.978], [2.9884, -3.904], [3.3179, -4.293], [3.9942, -4.837],
      [5.0000, -5.007], [6.0058, -5.006], [10.0116, -5.004], [20.0000, -4.991]],
    polyethylene: [[0.0751, -0.097], [0.3526, -0.438], [0.6821, -0.901], [0.9942, -1.331], [1.3410, -1.761],
      [1.6879, -2.216], [2.0173, -2.670], [2.3468, -3.116], [3.0231, -4.050], [3.3353, -4.456], [4.0116, -4.934],
      [5.0000, -4.966], [6.0058, -4.958], [9.9942, -4.963], [20.0000, -4.942]],
    fem: [[0.0058, 0.000], [0.3179, -0.187], [0.5954, -0.406], [0.8902, -0.665], [1.1850, -0.982], [1.5318, -1.355],
      [1.8960, -1.793], [2.2775, -2.321], [2.7630, -2.856], [3.3006, -3.441], [3.8902, -4.041], [4.6879, -4.569],
      [5.6590, -4.941], [7.0289, -4.941], [9.0405, -4.972], [12.3353, -4.970], [18.8035, -4.975]],
  },
  slides: (psi) => psi > 4.5,
  exact: () => -5,
  digitisation: 0.06,
};

/** Test 6: β = −V′_st/V_st against x = (7/2)μ(1+e)V_cn/V_st, a spinning sphere on the rigid plane. */
export const TEST_6_BETA: PublishedFigure = {
  curves: {
    'aluminium alloy': [[0.1762, -0.8200], [0.3524, -0.6335], [0.5507, -0.4447], [0.7709, -0.2428],
      [0.9692, -0.0277], [1.1894, 0.0974], [1.4537, 0.1193], [1.7401, 0.0996], [2.0925, 0.0579], [2.4890, 0.0052],
      [2.9956, -0.0497], [3.6344, -0.1001], [4.5154, -0.1396], [5.7489, -0.1748], [7.8194, -0.2077],
      [11.8943, -0.2582], [24.0088, -0.3416]],
    nylon: [[0.1762, -0.8244], [0.3744, -0.6379], [0.5727, -0.4425], [0.7489, -0.2428], [0.9692, -0.0255],
      [1.1894, 0.0930], [1.4537, 0.1193], [1.7401, 0.1171], [2.0925, 0.0952], [2.5110, 0.0557], [2.9956, 0.0074],
      [3.6123, -0.0562], [4.5154, -0.1199], [5.7709, -0.1594], [7.8194, -0.1177], [11.9163, -0.1133],
      [24.0088, -0.1155]],
  },
  slides: (x) => x < 1,
  exact: (x) => x - 1,
  digitisation: 0.016,
};

/** Test 8: β against x as in test 6, the spinning sphere on a large sphere. */
export const TEST_8_BETA: PublishedFigure = {
  curves: {
    'aluminium alloy': [[0.1872, -0.8152], [0.3583, -0.6262], [0.5508, -0.4394], [0.7647, -0.2378],
      [0.9786, -0.0173], [1.2139, 0.0961], [1.4920, 0.1108], [1.7701, 0.0898], [2.0909, 0.0583], [2.5187, 0.0058],
      [2.9893, -0.0488], [3.6310, -0.1034], [4.5080, -0.1391], [5.7701, -0.1622], [7.8449, -0.2042],
      [11.9091, -0.2483], [23.9733, -0.3176]],
    nylon: [[0.1696, -0.8152], [0.3504, -0.6303], [0.5536, -0.4345], [0.7568, -0.2364], [0.9602, -0.0185],
      [1.2069, 0.1025], [1.4745, 0.1245], [1.7640, 0.1222], [2.0978, 0.1024], [2.4981, 0.0627], [2.9874, 0.0098],
      [3.6324, -0.0518], [4.5001, -0.1158], [5.7691, -0.1511], [7.8409, -0.1117], [11.8944, -0.1078],
      [24.0102, -0.1091]],
  },
  slides: (x) => x < 1,
  exact: (x) => x - 1,
  digitisation: 0.022,
};
