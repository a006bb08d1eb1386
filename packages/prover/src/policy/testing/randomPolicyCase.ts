import type { InputValue } from '@verity/policy'

/** A small deterministic PRNG (mulberry32), so a failing differential case can be replayed by seed. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const STRINGS = ['a', 'b', 'c', 'd']
const INTS = [-3n, -2n, -1n, 0n, 1n, 2n, 3n]
const EXTREME_INTS = [-(2n ** 63n), 2n ** 63n - 1n, 2n ** 62n, -(2n ** 62n)]

type Decl = { scope: 'intent' | 'evidence'; name: string; type: 'string' | 'int' | 'bool' | 'set<string>' | 'set<int>'; optional: boolean }

const INTENT: Decl[] = [
  { scope: 'intent', name: 's1', type: 'string', optional: false },
  { scope: 'intent', name: 'i1', type: 'int', optional: false },
  { scope: 'intent', name: 'b1', type: 'bool', optional: false },
  { scope: 'intent', name: 'ss', type: 'set<string>', optional: false },
  { scope: 'intent', name: 'si', type: 'set<int>', optional: false },
  { scope: 'intent', name: 'os', type: 'string', optional: true },
  { scope: 'intent', name: 'oi', type: 'int', optional: true },
  { scope: 'intent', name: 'oss', type: 'set<string>', optional: true },
]
const EVIDENCE: Decl[] = [
  { scope: 'evidence', name: 'es1', type: 'string', optional: false },
  { scope: 'evidence', name: 'es2', type: 'string', optional: false },
  { scope: 'evidence', name: 'ei1', type: 'int', optional: false },
  { scope: 'evidence', name: 'ei2', type: 'int', optional: false },
  { scope: 'evidence', name: 'eb', type: 'bool', optional: false },
  { scope: 'evidence', name: 'eset', type: 'set<string>', optional: false },
]

/** A random well-typed template source over a fixed schema (the generator of the differential test). */
export function randomTemplateSource(random: Random, name: string): string {
  const count = 1 + Math.floor(random() * 5)
  const constraints: string[] = []
  for (let i = 0; i < count; i++) {
    const used = new Set<Decl>()
    const expr = booleanExpr(random, 2, used)
    const optional = [...used].some((decl) => decl.optional)
    constraints.push(`  ${optional ? 'optional: ' : ''}${expr};`)
  }
  const block = (decls: Decl[]) => decls.map((d) => `  ${d.name}: ${d.optional ? 'optional ' : ''}${d.type}`).join('\n')
  return `name ${name}\nintent {\n${block(INTENT)}\n}\nevidence {\n${block(EVIDENCE)}\n}\nrequires {\n${constraints.join('\n')}\n}\n`
}

/** Random attrs and evidence for the fixed schema (optional intent fields present 70% of the time). */
export function randomInputs(random: Random): { attrs: Record<string, InputValue>; evidence: Record<string, InputValue> } {
  const value = (decl: Decl): InputValue => {
    switch (decl.type) {
      case 'string': return pick(random, STRINGS)
      case 'int': return random() < 0.1 ? pick(random, EXTREME_INTS) : pick(random, INTS)
      case 'bool': return random() < 0.5
      case 'set<string>': return STRINGS.filter(() => random() < 0.4)
      case 'set<int>': return INTS.filter(() => random() < 0.3)
    }
  }
  const attrs: Record<string, InputValue> = {}
  for (const decl of INTENT) if (!decl.optional || random() < 0.7) attrs[decl.name] = value(decl)
  const evidence: Record<string, InputValue> = {}
  for (const decl of EVIDENCE) evidence[decl.name] = value(decl)
  return { attrs, evidence }
}

function field(random: Random, type: Decl['type'], used: Set<Decl>): string | undefined {
  const decls = [...INTENT, ...EVIDENCE].filter((d) => d.type === type)
  if (decls.length === 0) return undefined
  const decl = pick(random, decls)
  used.add(decl)
  return `${decl.scope}.${decl.name}`
}

function stringOperand(random: Random, used: Set<Decl>): string {
  return random() < 0.6 ? field(random, 'string', used)! : JSON.stringify(pick(random, STRINGS))
}

function intOperand(random: Random, used: Set<Decl>): string {
  if (random() < 0.6) return field(random, 'int', used)!
  return String(random() < 0.1 ? pick(random, EXTREME_INTS) : pick(random, INTS))
}

function atom(random: Random, used: Set<Decl>): string {
  const kind = Math.floor(random() * 8)
  switch (kind) {
    case 0: return `${stringOperand(random, used)} ${pick(random, ['==', '!='])} ${stringOperand(random, used)}`
    case 1: return `${intOperand(random, used)} ${pick(random, ['==', '!=', '<', '<=', '>', '>='])} ${intOperand(random, used)}`
    case 2: {
      const ops = random() < 0.5 ? ['<', '<='] : ['>', '>=']
      return `${intOperand(random, used)} ${pick(random, ops)} ${intOperand(random, used)} ${pick(random, ops)} ${intOperand(random, used)}`
    }
    case 3: {
      const set = random() < 0.5 ? field(random, random() < 0.7 ? 'set<string>' : 'set<string>', used)! : `{${STRINGS.filter(() => random() < 0.4).map((s) => JSON.stringify(s)).join(', ')}}`
      return `${stringOperand(random, used)} ${pick(random, ['in', 'not in'])} ${set}`
    }
    case 4: {
      const set = random() < 0.5 ? field(random, 'set<int>', used)! : `{${INTS.filter(() => random() < 0.3).join(', ')}}`
      return `${intOperand(random, used)} ${pick(random, ['in', 'not in'])} ${set}`
    }
    case 5: return random() < 0.8 ? field(random, 'bool', used)! : pick(random, ['true', 'false'])
    case 6: {
      const left = random() < 0.5 ? field(random, 'bool', used)! : `(${intOperand(random, used)} < ${intOperand(random, used)})`
      return `${left} ${pick(random, ['==', '!='])} ${random() < 0.5 ? field(random, 'bool', used)! : pick(random, ['true', 'false'])}`
    }
    default: return `${stringOperand(random, used)} == ${stringOperand(random, used)}`
  }
}

function booleanExpr(random: Random, depth: number, used: Set<Decl>): string {
  const roll = random()
  if (depth === 0 || roll < 0.45) return atom(random, used)
  if (roll < 0.6) return `not (${booleanExpr(random, depth - 1, used)})`
  const operands = Array.from({ length: 2 + Math.floor(random() * 2) }, () => booleanExpr(random, depth - 1, used))
  return `(${operands.join(roll < 0.8 ? ' and ' : ' or ')})`
}
