import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

/**
 * Path of bb.js's wasm. bb.js finds it from `__dirname` when that is defined, which it is (wrongly,
 * as '.') inside a tsx-registered worker thread, so we always pass the path explicitly.
 */
export const BB_WASM_PATH = join(
  dirname(fileURLToPath(import.meta.resolve('@aztec/bb.js'))),
  'barretenberg_wasm',
  'barretenberg-threads.wasm.gz',
)
