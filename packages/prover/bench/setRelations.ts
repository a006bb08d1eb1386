// Part of the prover benchmark (bench/prover.ts): proving time of a template with two set
// relations over 32-element sets against a template using only `in` over sets of the same size,
// in the same run, alternating, so that machine load hits both alike. Both prove on the sets tier
// (the only one holding 32-element sets); the `in` template over 16-element sets on the universal
// tier is shown for reference.
import { compileTemplate, type InputValue } from '@verity/policy'
import type { Prover } from '../src/createProver.ts'
import { choosePolicyTier } from '../src/policy/choosePolicyTier.ts'

const SCHEMA = `intent {
  wanted: set<string>
  colors: set<string>
}
evidence {
  pieces: set<string>
  color: string
  piece: string
}`
const RELATIONS = compileTemplate(`name bench_relations\n${SCHEMA}\nrequires {\n  evidence.pieces superset intent.wanted;\n  evidence.pieces intersects intent.colors;\n}\n`)
const MEMBERSHIP = compileTemplate(`name bench_in\n${SCHEMA}\nrequires {\n  evidence.piece in intent.wanted;\n  evidence.color in intent.colors;\n}\n`)

const elements = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`)

function inputsOf(size: number): { attrs: Record<string, InputValue>; evidence: Record<string, InputValue> } {
  const pieces = elements('piece-', size)
  return {
    attrs: { wanted: pieces.slice(0, size / 2), colors: [...elements('colour-', size - 1), pieces[size - 1]!] },
    evidence: { pieces, color: `colour-${size - 2}`, piece: pieces[0]! },
  }
}

/** Proves each case `runs` times (after one warm-up each), alternating, and prints p50/min/max per case. */
export async function benchSetRelations(prover: Prover, runs: number): Promise<void> {
  const cases = [
    { title: 'two relations, sets of 32', compiled: RELATIONS, ...inputsOf(32) },
    { title: 'only `in`, sets of 32', compiled: MEMBERSHIP, ...inputsOf(32) },
    { title: 'only `in`, sets of 16', compiled: MEMBERSHIP, ...inputsOf(16) },
  ].map((c) => ({ ...c, circuit: choosePolicyTier(c.compiled, { attrs: c.attrs, evidence: c.evidence }).circuit, times: [] as number[] }))
  console.log('\nset relations vs `in` (same run, alternating):')
  for (let run = 0; run <= runs; run++) {
    for (const c of cases) {
      const start = performance.now()
      await prover.provePolicy({ compiled: c.compiled, attrs: c.attrs, evidence: c.evidence, intentId: `bench-sets-${run}`, circuit: c.circuit })
      if (run > 0) c.times.push(performance.now() - start)
    }
  }
  for (const c of cases) {
    const sorted = [...c.times].sort((a, b) => a - b)
    const ms = (x: number) => `${Math.round(x)} ms`
    console.log(`${c.title} (${c.circuit}): prove p50 ${ms(sorted[Math.floor(sorted.length / 2)]!)} (min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)}, n=${runs})`)
  }
}
