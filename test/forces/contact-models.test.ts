/**
 * The tangential and rolling families as registries (src/forces/tangential/, src/forces/rolling/): a scenario that
 * names no model gets today's (Mindlin, EPSD), naming them changes nothing the kernel reads, a `contactPairs` entry
 * names its own, a bad name is one line naming the field; and the LAMMPS words each definition writes
 * (docs/physics.md §9.2–9.5, §9.7), with hertz-dashpot's `damping velocity` beside them.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { contactModel, EXPORTED_LAWS, lammpsDamping } from '../../src/interop/lammps-contact.js';
import { lammpsTarget } from '../../src/interop/lammps-target.js';
import { rollingModelDefinition, rollingModelNames } from '../../src/forces/rolling/registry.js';
import { tangentialModelDefinition, tangentialModelNames } from '../../src/forces/tangential/registry.js';
import { parseScenario } from '../../src/scenario/load.js';

const glass = { youngsModulus: 63e9, poissonsRatio: 0.22, density: 2500 };
const steel = { youngsModulus: 200e9, poissonsRatio: 0.3, density: 7800 };

function tableOf(contact: Record<string, unknown>, contactPairs: unknown[] = []) {
  return parseScenario({
    time: { duration: 0.01 },
    materials: { glass, steel },
    contact: { normal: { model: 'tsuji', restitution: 0.8 }, friction: 0.5, rollingFriction: 0.1, ...contact },
    contactPairs,
    particles: [{ position: [0, 0, 0], radius: 0.005, material: 'glass' }],
  }).contacts;
}

function loadError(contact: Record<string, unknown>, contactPairs: unknown[] = []): ScenarioError {
  try {
    tableOf(contact, contactPairs);
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('the scenario loaded');
}

describe('tangential and rolling registries', () => {
  it('list mindlin, mindlin-deresiewicz and epsd with their kernel ids and docs sections', () => {
    expect(tangentialModelNames).toEqual(['mindlin', 'mindlin-deresiewicz']);
    expect(rollingModelNames).toEqual(['epsd']);
    expect(tangentialModelDefinition('mindlin')).toMatchObject({ kernelId: 0, docs: 'docs/physics.md §9.2–9.5' });
    expect(tangentialModelDefinition('mindlin-deresiewicz')).toMatchObject({ kernelId: 1, docs: 'docs/physics.md §9.9' });
    expect(rollingModelDefinition('epsd')).toMatchObject({ kernelId: 0, docs: 'docs/physics.md §9.7' });
  });

  it('a scenario that names no model gets mindlin and epsd; naming them changes nothing the kernel reads', () => {
    const implicit = tableOf({});
    const named = tableOf({ tangential: { model: 'mindlin' }, rolling: { model: 'epsd' } });
    for (const c of implicit.classes) {
      expect(c.tangential.model).toBe('mindlin');
      expect(c.rolling.model).toBe('epsd');
    }
    expect(named.kernel).toEqual(implicit.kernel);
    expect(named.classes.map((c) => [c.tangential, c.rolling])).toEqual(implicit.classes.map((c) => [c.tangential, c.rolling]));
  });

  it('a contactPairs entry names its own models, the other pairs keep contact\'s', () => {
    const table = tableOf({}, [{ materials: ['steel', 'glass'], tangential: { model: 'mindlin' }, rolling: { model: 'epsd' } }]);
    expect(table.classes.map((c) => `${c.materials.join('-')} ${c.tangential.model} ${c.rolling.model}`))
      .toEqual(['glass-glass mindlin epsd', 'glass-steel mindlin epsd', 'steel-steel mindlin epsd']);
  });

  it('a model of neither family is one line naming the field and the models there are', () => {
    const tangential = loadError({ tangential: { model: 'thornton' } });
    expect(tangential.field).toBe('contact.tangential.model');
    expect(tangential.message).toContain('must be one of "mindlin", "mindlin-deresiewicz" (tangential contact model)');
    const rolling = loadError({}, [{ materials: ['glass', 'steel'], rolling: { model: 'sds', stiffness: 1 } }]);
    expect(rolling.field).toBe('contactPairs[0].rolling.model');
    expect(rolling.message).toContain('must be one of "epsd" (rolling contact model)');
    expect(loadError({ rolling: { model: 'epsd', stiffness: 1 } }).field).toBe('contact.rolling.stiffness');
  });
});

describe('the LAMMPS words of each definition', () => {
  const target = lammpsTarget('29Sep2021');
  const at = { reff: 0.0025, meff: 6.5e-4, curvature: 1, rollingOverlap: 1e-6 };

  it('mindlin writes mindlin/force with k_t = 8G*, epsd writes sds with k_r = 2.25 μ_r² k_n R_eff² (k_n = 1.5 K √δ)', () => {
    const table = tableOf({ normal: { model: 'hertz' } });
    const c = table.classes[0];
    const K = (4 / 3) * c.effectiveModulus * Math.sqrt(at.reff);
    const kn = 1.5 * K * Math.sqrt(at.rollingOverlap);
    const words = contactModel(table, 0, at, 'no-tension', target, 'contact.normal', 'contact.tangential').args;
    expect(words).toBe(`hertz ${(4 / 3) * c.effectiveModulus} 0 damping velocity `
      + `tangential mindlin/force ${8 * c.effectiveShearModulus} 1 0.5 rolling sds ${2.25 * 0.1 * 0.1 * kn} 0 0.1 limit_damping`);
  });

  it('without friction and rolling resistance: linear_nohistory and no rolling words', () => {
    const table = tableOf({ normal: { model: 'hertz' }, friction: 0, rollingFriction: 0 });
    expect(contactModel(table, 0, at, 'free', target, 'contact.normal', 'contact.tangential').args)
      .toBe(`hertz ${(4 / 3) * table.classes[0].effectiveModulus} 0 damping velocity tangential linear_nohistory 0 0`);
  });

  it('hertz-dashpot is damping velocity with its c; laws without a form are refused, listing hertz-dashpot among those that export', () => {
    const table = tableOf({ normal: { model: 'hertz-dashpot', dampingCoefficient: 2.5 }, friction: 0, rollingFriction: 0 });
    const model = contactModel(table, 0, at, 'no-tension', target, 'contact.normal', 'contact.tangential');
    expect(model.args).toContain(' 2.5 damping velocity ');
    expect(model.damping).toContain('the same for every contact');
    expect(EXPORTED_LAWS).toEqual(expect.arrayContaining(['hertz', 'tsuji', 'kuwabara-kono', 'brilliantov', 'hertz-dashpot']));
    expect(EXPORTED_LAWS).not.toContain('bordbar');
    const bordbar = tableOf({ normal: { model: 'bordbar', restitution: 0.7 } });
    expect(() => lammpsDamping(bordbar.classes[0], 'contact.normal')).toThrow(new ScenarioError('contact.normal',
      '"bordbar" has no LAMMPS form (pair_style granular has no damping ∝ δ^{0.65}·δ̇); the laws that export are '
      + EXPORTED_LAWS.join(', ')));
  });

  it('refuses the Mindlin–Deresiewicz tangential model, naming the field that chose it', () => {
    const table = tableOf({ normal: { model: 'tsuji', restitution: 0.7 }, friction: 0.5, tangential: { model: 'mindlin-deresiewicz' } });
    expect(() => contactModel(table, 0, at, 'no-tension', target, 'contact.normal', 'contact.tangential'))
      .toThrow(/^contact\.tangential: "mindlin-deresiewicz" has no LAMMPS form: .*Set the tangential model to "mindlin" to export$/);
  });
});
