import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

/** Root of the @verity/prover package (where circuits/, crs/ and build/ live). */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
/** Noir packages, one folder per circuit: circuits/<name>/{Nargo.toml, src/main.nr}. */
export const CIRCUITS_DIR = join(PACKAGE_DIR, 'circuits')
/** Build outputs (gitignored): compiled circuits, verification keys. */
export const BUILD_DIR = join(PACKAGE_DIR, 'build')
/** The committed prefix of Aztec's Ignition CRS (read-only; README.md there says where it comes from). */
export const IGNITION_CRS_DIR = join(PACKAGE_DIR, 'crs', 'ignition')
