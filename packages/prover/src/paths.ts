import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

/** Root of the @verity/prover package (where circuits/ and build/ live). */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
/** Noir packages, one folder per circuit: circuits/<name>/{Nargo.toml, src/main.nr}. */
export const CIRCUITS_DIR = join(PACKAGE_DIR, 'circuits')
/** Build outputs (gitignored): compiled circuits, verification keys, the dev CRS. */
export const BUILD_DIR = join(PACKAGE_DIR, 'build')
/** Where the build writes (and the prover looks for) the generated dev CRS by default. */
export const DEV_CRS_DIR = join(BUILD_DIR, 'crs-dev')
