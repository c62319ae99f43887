/**
 * The LAMMPS releases an exported deck can target, and what differs between them. Only the normal damping
 * command does: 29 Sep 2021 has `damping tsuji`, which maps a restitution argument to α by an empirical
 * polynomial (tsuji-input.ts); later releases have `damping coeff_restitution`, which is Tsuji's closed form under
 * "free" (docs/physics.md §7.4). Everything else in a deck (pair_style granular with explicit Hertz stiffness,
 * Mindlin, SDS rolling, limit_damping, fix wall/gran/region, fix deposit) is common to both.
 */
import { quoted } from '../base/schema-fields.js';

export const LAMMPS_VERSIONS = ['29Sep2021', '2Aug2023'] as const;
export type LammpsVersion = (typeof LAMMPS_VERSIONS)[number];

/** The release the decks are checked against: the Debian package on the machine the tests run on. */
export const DEFAULT_LAMMPS_VERSION: LammpsVersion = '29Sep2021';

export interface LammpsTarget {
  version: LammpsVersion;
  /** for the deck's README and its first line */
  label: string;
  /** decks for this release were run by the test suite (test/interop); false: written from the release's source */
  checked: boolean;
  /** how a Tsuji damping coefficient α is written (tsuji-input.ts) */
  tsujiDamping: 'tsuji-polynomial' | 'coeff-restitution';
}

const TARGETS: Record<LammpsVersion, LammpsTarget> = {
  '29Sep2021': {
    version: '29Sep2021', label: 'LAMMPS 29 Sep 2021 (stable, checked with Update 2)', checked: true,
    tsujiDamping: 'tsuji-polynomial',
  },
  '2Aug2023': {
    version: '2Aug2023', label: 'LAMMPS 2 Aug 2023 (stable) or later', checked: false,
    tsujiDamping: 'coeff-restitution',
  },
};

/** The target of a `--lammps-version` value; a RangeError names the versions known. */
export function lammpsTarget(version: string): LammpsTarget {
  if (!(LAMMPS_VERSIONS as readonly string[]).includes(version)) {
    throw new RangeError(`must be one of ${quoted(LAMMPS_VERSIONS)} (LAMMPS release the deck is written for), got "${version}"`);
  }
  return TARGETS[version as LammpsVersion];
}
