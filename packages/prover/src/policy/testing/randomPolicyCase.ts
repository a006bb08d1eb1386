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

/** The fields a generated expression may read, and those it read (an optional one makes the constraint optional). */
type Picks = { decls: readonly Decl[]; used: Set<Decl> }

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

/**
 * Which fields and how many constraints a random template has. `omitted` fields are left out of
 * the schema (and of the inputs): without the optional intent string `os`, the schema fits the
 * small policy tier's 4 intent scalars.
 */
export type RandomSchema = { omitted: ReadonlySet<string>; constraintsMax: number }
export const FULL_SCHEMA: RandomSchema = { omitted: new Set(), constraintsMax: 5 }
export const SMALL_TIER_SCHEMA: RandomSchema = { omitted: new Set(['os']), constraintsMax: 3 }
/** Without the optional intent set `oss`, the schema fits the medium tier's 2 intent sets. */
export const MEDIUM_TIER_SCHEMA: RandomSchema = { omitted: new Set(['oss']), constraintsMax: 4 }

const declared = (decls: Decl[], schema: RandomSchema) => decls.filter((decl) => !schema.omitted.has(decl.name))

/** A random well-typed template source over a fixed schema (the generator of the differential test). */
export function randomTemplateSource(random: Random, name: string, schema: RandomSchema = FULL_SCHEMA): string {
  const count = 1 + Math.floor(random() * schema.constraintsMax)
  const constraints: string[] = []
  const decls = [...declared(INTENT, schema), ...declared(EVIDENCE, schema)]
  for (let i = 0; i < count; i++) {
    const picks: Picks = { decls, used: new Set() }
    const expr = booleanExpr(random, 2, picks)
    const optional = [...picks.used].some((decl) => decl.optional)
    constraints.push(`  ${optional ? 'optional: ' : ''}${expr};`)
  }
  const block = (decls: Decl[]) => decls.map((d) => `  ${d.name}: ${d.optional ? 'optional ' : ''}${d.type}`).join('\n')
  return `name ${name}\nintent {\n${block(declared(INTENT, schema))}\n}\nevidence {\n${block(declared(EVIDENCE, schema))}\n}\nrequires {\n${constraints.join('\n')}\n}\n`
}

/** Random attrs and evidence for the fixed schema (optional intent fields present 70% of the time). */
export function randomInputs(random: Random, schema: RandomSchema = FULL_SCHEMA): { attrs: Record<string, InputValue>; evidence: Record<string, InputValue> } {
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
  for (const decl of declared(INTENT, schema)) if (!decl.optional || random() < 0.7) attrs[decl.name] = value(decl)
  const evidence: Record<string, InputValue> = {}
  for (const decl of declared(EVIDENCE, schema)) evidence[decl.name] = value(decl)
  return { attrs, evidence }
}

function field(random: Random, type: Decl['type'], picks: Picks): string | undefined {
  const decls = picks.decls.filter((d) => d.type === type)
  if (decls.length === 0) return undefined
  const decl = pick(random, decls)
  picks.used.add(decl)
  return `${decl.scope}.${decl.name}`
}

function stringOperand(random: Random, picks: Picks): string {
  return random() < 0.6 ? field(random, 'string', picks)! : JSON.stringify(pick(random, STRINGS))
}

function intOperand(random: Random, picks: Picks): string {
  if (random() < 0.6) return field(random, 'int', picks)!
  return String(random() < 0.1 ? pick(random, EXTREME_INTS) : pick(random, INTS))
}

function atom(random: Random, picks: Picks): string {
  const kind = Math.floor(random() * 8)
  switch (kind) {
    case 0: return `${stringOperand(random, picks)} ${pick(random, ['==', '!='])} ${stringOperand(random, picks)}`
    case 1: return `${intOperand(random, picks)} ${pick(random, ['==', '!=', '<', '<=', '>', '>='])} ${intOperand(random, picks)}`
    case 2: {
      const ops = random() < 0.5 ? ['<', '<='] : ['>', '>=']
      return `${intOperand(random, picks)} ${pick(random, ops)} ${intOperand(random, picks)} ${pick(random, ops)} ${intOperand(random, picks)}`
    }
    case 3: {
      const set = random() < 0.5 ? field(random, random() < 0.7 ? 'set<string>' : 'set<string>', picks)! : `{${STRINGS.filter(() => random() < 0.4).map((s) => JSON.stringify(s)).join(', ')}}`
      return `${stringOperand(random, picks)} ${pick(random, ['in', 'not in'])} ${set}`
    }
    case 4: {
      const set = random() < 0.5 ? field(random, 'set<int>', picks)! : `{${INTS.filter(() => random() < 0.3).join(', ')}}`
      return `${intOperand(random, picks)} ${pick(random, ['in', 'not in'])} ${set}`
    }
    case 5: return random() < 0.8 ? field(random, 'bool', picks)! : pick(random, ['true', 'false'])
    case 6: {
      const left = random() < 0.5 ? field(random, 'bool', picks)! : `(${intOperand(random, picks)} < ${intOperand(random, picks)})`
      return `${left} ${pick(random, ['==', '!='])} ${random() < 0.5 ? field(random, 'bool', picks)! : pick(random, ['true', 'false'])}`
    }
    default: return `${stringOperand(random, picks)} == ${stringOperand(random, picks)}`
  }
}

function booleanExpr(random: Random, depth: number, picks: Picks): string {
  const roll = random()
  if (depth === 0 || roll < 0.45) return atom(random, picks)
  if (roll < 0.6) return `not (${booleanExpr(random, depth - 1, picks)})`
  const operands = Array.from({ length: 2 + Math.floor(random() * 2) }, () => booleanExpr(random, depth - 1, picks))
  return `(${operands.join(roll < 0.8 ? ' and ' : ' or ')})`
}
