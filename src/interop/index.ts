/**
 * The interop layer's public surface: a checked scenario as a LAMMPS deck (lammps-export.ts) and a deck's LAMMPS
 * results as a run directory (lammps-import.ts).
 */
export { exportLammpsDeck, type LammpsExport, type LammpsExportOptions } from './lammps-export.js';
export { importLammpsRun, type ImportedSummary, type LammpsImportOptions } from './lammps-import.js';
export { DeckError } from './deck-manifest.js';
export { DEFAULT_LAMMPS_VERSION, LAMMPS_VERSIONS } from './lammps-target.js';
