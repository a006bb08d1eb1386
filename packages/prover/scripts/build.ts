// Build of @verity/prover (`npm run build -w packages/prover`, run by the root `prepare`, hence by
// `npm ci`): compiles every circuit under circuits/*/ with noir_wasm into build/circuits/<name>.json
// (skipped when its sources are unchanged), then makes sure an INSECURE dev CRS large enough for
// every circuit exists in build/crs-dev/ so that tests and `npm start` work offline. A configured
// VERITY_CRS_PATH is left alone.
import { Barretenberg } from '@aztec/bb.js'
import { gunzipSync } from 'node:zlib'
import { listCircuits, loadCircuit } from '../src/circuits/loadCircuit.ts'
import { ensureDevCrs } from '../src/crs/ensureDevCrs.ts'
import { DEV_CRS_DIR } from '../src/paths.ts'
import { BB_WASM_PATH } from '../src/backend/bbWasmPath.ts'
import { cacheSdlVerificationKey } from '../src/sdl/cacheSdlVerificationKey.ts'

const log = (line: string) => console.log(`[prover build] ${line}`)
const started = performance.now()
let pointsMin = 0
const api = await Barretenberg.new({ threads: 1, wasmPath: BB_WASM_PATH, logger: () => {} })
try {
  for (const name of listCircuits()) {
    const t0 = performance.now()
    const circuit = await loadCircuit(name)
    const bytecode = gunzipSync(Buffer.from(circuit.program.bytecode, 'base64'))
    const [gates, subgroupSize] = await api.acirGetCircuitSizes(bytecode, false, true)
    pointsMin = Math.max(pointsMin, subgroupSize + 1)
    log(`${name}: ${circuit.compiled ? `compiled in ${Math.round(performance.now() - t0)} ms` : 'up to date'}, ` +
      `${gates} gates (2^${Math.log2(subgroupSize)})`)
  }
} finally {
  await api.destroy()
}
if (process.env.VERITY_CRS_PATH) log(`VERITY_CRS_PATH is set (${process.env.VERITY_CRS_PATH}); not generating a dev CRS`)
else {
  const crs = await ensureDevCrs({ dir: DEV_CRS_DIR, pointsMin, log: (line) => log(`WARNING: ${line}`) })
  log(`dev CRS (INSECURE, crs: 'dev'): ${crs.path}, ${crs.points} points`)
  log(`sdl verification key for the dev CRS in build/vk (${Math.round(await cacheSdlVerificationKey(crs.path))} ms)`)
}
log(`done in ${Math.round(performance.now() - started)} ms`)
