// Build of @verity/prover (`npm run build -w packages/prover`, run by the root `prepare`, hence by
// `npm ci`): compiles every circuit under circuits/*/ with noir_wasm into build/circuits/<name>.json
// (skipped when its sources are unchanged) and prints its size as Barretenberg counts it; checks the
// committed Ignition CRS prefix (crs/ignition) against its SHA-256 and makes its uncompressed working
// copy in build/crs-ignition (once); then caches the SDL circuit's verification key in build/vk.
// Nothing is downloaded and no CRS is generated.
import { listCircuits, loadCircuit } from '../src/circuits/loadCircuit.ts'
import { ignitionForBarretenberg, IGNITION_CIRCUIT_SIZE_MAX } from '../src/crs/ignitionCrs.ts'
import { createCircuitProver } from '../src/createCircuitProver.ts'
import { SDL_CIRCUIT } from '../src/sdl/proveSdl.ts'

const log = (line: string) => console.log(`[prover build] ${line}`)
const started = performance.now()
const crs = ignitionForBarretenberg()
log(`Ignition CRS prefix checked (${crs.points} points), working copy in ${crs.workDir}`)
const prover = createCircuitProver({ workers: 1, log })
try {
  for (const name of listCircuits()) {
    const t0 = performance.now()
    const circuit = await loadCircuit(name)
    const { gates, subgroupSize } = await prover.circuitSize(name)
    const fits = subgroupSize <= IGNITION_CIRCUIT_SIZE_MAX ? '' : ` — TOO LARGE for the Ignition prefix (2^${Math.log2(IGNITION_CIRCUIT_SIZE_MAX)})`
    log(`${name}: ${circuit.compiled ? `compiled in ${Math.round(performance.now() - t0)} ms` : 'up to date'}, ${gates} gates (2^${Math.log2(subgroupSize)})${fits}`)
  }
  const t0 = performance.now()
  await prover.warmUp([SDL_CIRCUIT])
  log(`sdl verification key in build/vk (${Math.round(performance.now() - t0)} ms)`)
} finally {
  await prover.close()
}
log(`done in ${Math.round(performance.now() - started)} ms`)
