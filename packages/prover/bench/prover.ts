// Prover benchmark: `npm run bench -w packages/prover [-- --runs N] [--no-sdl]`.
// For each policy tier (the clothing template proven on it), prints gates, prove time (p50, min,
// max over N proofs), verify time (first call, which computes
// the verification key unless cached on disk, then p50 with the key held), proof size and the
// process's peak RSS (the worker threads and bb.js's wasm threads live in this process), for the
// native bb and for its wasm in the same run, then a table of both.
// Then proving time of two set relations vs only `in` over 32-element sets (bench/setRelations.ts).
// Then, when the ledger engineer's SDL circuit exists, runs its benchmark (src/sdl/benchSdl.ts).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { createProver, type Prover } from '../src/createProver.ts'
import { POLICY_TIERS, policyTierOf } from '../src/policy/policyTiers.ts'
import { compilePolicyProgram } from '../src/policy/compilePolicyProgram.ts'
import { CircuitBoundsError } from '../src/errors/proverErrors.ts'
import { clothingCase } from '../src/policy/testing/clothingTemplate.ts'
import { benchSetRelations } from './setRelations.ts'
import { childProcessesCpuMs } from '../../../bench/lib/processStats.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'no-sdl': { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => `${Math.round(x)} ms`

// Native bb and wasm, side by side in the same run (one worker each, the same threads), so the
// ratio is measured under the same machine load. Wall time and CPU time (for native: this process
// and its bb processes; for wasm: this process, whose threads run it): CPU is the cost a busy
// server pays per proof, and the figure a loaded machine disturbs least.
type TierFigures = { proveMs: number; proveCpuMs: number | undefined }
const results: Record<string, Partial<Record<'native' | 'wasm', TierFigures>>> = {}
for (const backend of ['native', 'wasm'] as const) {
  const prover = createProver({ workers: 1, backend })
  try {
    console.log(`\n=== ${backend} Barretenberg (${prover.backendReason}) ===`)
    for (const tier of POLICY_TIERS) {
      const figures = await benchTier(prover, tier.circuit)
      if (figures !== undefined) (results[tier.circuit] ??= {})[backend] = figures
    }
    if (backend === 'native') await benchSetRelations(prover, runs)
  } finally {
    await prover.close()
  }
}
console.log('\nprove p50, native vs wasm (same run), wall time and CPU time:')
console.log('| circuit | native wall | wasm wall | wasm / native | native CPU | wasm CPU | wasm / native |')
console.log('|---|---|---|---|---|---|---|')
for (const [circuit, { native, wasm }] of Object.entries(results)) {
  const ratio = (a?: number, b?: number) => (a === undefined || b === undefined ? 'n/a' : `${(a / b).toFixed(2)}×`)
  const cpu = (x?: number) => (x === undefined ? 'n/a' : ms(x))
  console.log(`| ${circuit} | ${ms(native?.proveMs ?? NaN)} | ${ms(wasm?.proveMs ?? NaN)} | ${ratio(wasm?.proveMs, native?.proveMs)} | ${cpu(native?.proveCpuMs)} | ${cpu(wasm?.proveCpuMs)} | ${ratio(wasm?.proveCpuMs, native?.proveCpuMs)} |`)
}
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process: wasm heaps; a native bb is its own process)`)

/** CPU ms this process and its native bb processes have used so far (undefined without /proc). */
function proverCpuMs(): number | undefined {
  const bb = childProcessesCpuMs(process.pid, 'bb')
  const own = process.cpuUsage()
  return bb === undefined ? undefined : bb + (own.user + own.system) / 1000
}

async function benchTier(prover: Prover, circuit: (typeof POLICY_TIERS)[number]['circuit']): Promise<TierFigures | undefined> {
  const size = await prover.circuitSize(circuit)
  console.log(`\n${circuit} circuit: ${size.gates} gates (2^${Math.log2(size.subgroupSize)}), CRS ${prover.crs}, ${prover.backend}`)
  const { compiled, attrs, evidence } = clothingCase()
  // The clothing template has 3 intent set fields; the medium tier holds 2.
  try {
    compilePolicyProgram(compiled, policyTierOf(circuit)!)
  } catch (error) {
    if (!(error instanceof CircuitBoundsError)) throw error
    console.log(`the clothing template does not fit this tier (${error.message}): no proving time`)
    return undefined
  }
  const proveMs: number[] = []
  const proveCpuMs: number[] = []
  let artifact
  for (let run = 0; run < runs + 1; run++) {
    const start = performance.now()
    const cpuStart = proverCpuMs()
    artifact = await prover.provePolicy({ compiled, attrs, evidence, intentId: `bench-${run}`, circuit })
    // The first proof also loads the wasm, the CRS and the circuit into the worker: reported apart.
    if (run === 0) console.log(`first proof (worker start, CRS load): ${ms(performance.now() - start)}`)
    else {
      proveMs.push(performance.now() - start)
      const cpuEnd = proverCpuMs()
      if (cpuStart !== undefined && cpuEnd !== undefined) proveCpuMs.push(cpuEnd - cpuStart)
    }
  }
  const verifyMs: number[] = []
  for (let run = 0; run < runs + 1; run++) {
    const start = performance.now()
    const result = await prover.verifyPolicy({ artifact: artifact!, compiled, attrs, evidence, intentId: `bench-${runs}` })
    if (!result.ok) throw new Error(result.reason)
    if (run === 0) console.log(`first verify (verification key, unless cached): ${ms(performance.now() - start)}`)
    else verifyMs.push(performance.now() - start)
  }
  console.log(`prove  p50 ${ms(median(proveMs))} (min ${ms(Math.min(...proveMs))}, max ${ms(Math.max(...proveMs))}, n=${runs})`)
  const proveCpuP50 = proveCpuMs.length === 0 ? undefined : median(proveCpuMs)
  if (proveCpuP50 !== undefined) console.log(`prove  CPU p50 ${ms(proveCpuP50)} (all threads${prover.backend === 'native' ? ', this process and its bb' : ''}; on an idle machine wall ≈ CPU / cores used)`)
  console.log(`verify p50 ${ms(median(verifyMs))} (min ${ms(Math.min(...verifyMs))}, max ${ms(Math.max(...verifyMs))}, n=${runs})`)
  console.log(`proof ${Buffer.from(artifact!.proof, 'base64').length} bytes, ${artifact!.public_inputs.length} public inputs`)
  return { proveMs: median(proveMs), proveCpuMs: proveCpuP50 }
}

// Hook for the SDL circuit (owned by the ledger engineer): its own benchmark script.
const sdlBench = fileURLToPath(new URL('../src/sdl/benchSdl.ts', import.meta.url))
if (!values['no-sdl'] && existsSync(sdlBench)) {
  for (const backend of ['native', 'wasm']) {
    console.log(`\nsdl circuit (${backend}):`)
    spawnSync(process.execPath, ['--conditions=verity-source', '--import', 'tsx', sdlBench, String(Math.min(runs, 3)), '', backend], { stdio: 'inherit' })
  }
}
