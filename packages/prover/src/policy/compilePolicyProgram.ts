import type { CompiledTemplate, Expr, FieldRef, SetLiteral, SetRelation } from '@verity/policy'
import { CircuitBoundsError, UnsupportedConstructError } from '../errors/proverErrors.ts'
import { encodeBool, encodeInt, encodeString } from './encodeValue.ts'
import { ATOM_OP, GATE_OP, RELATION_OP, type FieldSlot, type PolicyItem, type PolicyProgram } from './PolicyProgram.ts'
import { POLICY_TIER_UNIVERSAL, type PolicyTier } from './policyTiers.ts'

/** A compiled item: an atom, or a gate with its layer (1-based) known once placed. */
type Ref = { kind: 'atom'; index: number } | { kind: 'relation'; index: number } | { kind: 'gate'; layer: number; position: number }

// Per template, its program on each tier (or why it does not fit there).
const cache = new WeakMap<CompiledTemplate, Map<string, PolicyProgram | CircuitBoundsError>>()

/**
 * Compiles a type-checked template for a tier of the policy circuit (default: the universal one).
 * Throws CircuitBoundsError naming the bound a template exceeds (fields, atoms, gates, depth,
 * constants, set literals, set size), or UnsupportedConstructError. Results are cached per
 * (frozen) template object and tier.
 */
export function compilePolicyProgram(compiled: CompiledTemplate, tier: PolicyTier = POLICY_TIER_UNIVERSAL): PolicyProgram {
  const cached = cache.get(compiled)?.get(tier.circuit)
  if (cached instanceof CircuitBoundsError) throw cached
  if (cached) return cached
  let program: PolicyProgram | CircuitBoundsError
  try {
    program = new ProgramBuilder(compiled, tier).build()
  } catch (error) {
    if (!(error instanceof CircuitBoundsError)) throw error
    program = error
  }
  if (Object.isFrozen(compiled)) {
    const byTier = cache.get(compiled) ?? new Map()
    byTier.set(tier.circuit, program)
    cache.set(compiled, byTier)
  }
  if (program instanceof CircuitBoundsError) throw program
  return program
}

/** Throws CircuitBoundsError (naming the bound) when the template does not fit the universal policy circuit. */
export function assertTemplateFitsCircuit(compiled: CompiledTemplate): void {
  compilePolicyProgram(compiled, POLICY_TIER_UNIVERSAL)
}

function bound(tier: PolicyTier, name: string, limit: number, got: number, detail?: string): CircuitBoundsError {
  return new CircuitBoundsError({ circuit: tier.circuit, bound: name, limit, got, ...(detail ? { detail } : {}) })
}

class ProgramBuilder {
  private readonly intent = new Map<string, FieldSlot>()
  private readonly evidence = new Map<string, FieldSlot>()
  private readonly atoms: PolicyItem[] = []
  private readonly relations: PolicyItem[] = []
  private readonly gates: PolicyItem[][]
  private readonly constants: bigint[] = []
  private readonly literalSets: bigint[][] = []
  private readonly circuit: string

  constructor(
    private readonly template: CompiledTemplate,
    private readonly tier: PolicyTier,
  ) {
    this.gates = Array.from({ length: tier.layers }, () => [])
    this.circuit = tier.circuit
  }

  build(): PolicyProgram {
    this.layoutFields()
    this.template.requires.forEach((constraint, index) => {
      let root = this.boolean(constraint.expr, index)
      if (constraint.isOptional) {
        // optional: expr  ⇒  not (all guard fields present) or expr
        const guards = constraint.guardFields.map((name) => this.presence(name, index))
        const guard = this.tree(GATE_OP.AND, guards, index)
        this.item(guard).negate = !this.item(guard).negate
        root = this.gate(GATE_OP.OR, guard, root, index)
      }
      this.item(root).root = true
    })
    return { intent: this.intent, evidence: this.evidence, atoms: this.atoms, relations: this.relations, gates: this.gates, constants: this.constants, literalSets: this.literalSets }
  }

  private layoutFields(): void {
    for (const scope of ['intent', 'evidence'] as const) {
      const schema = scope === 'intent' ? this.template.intent : this.template.evidence
      const target = scope === 'intent' ? this.intent : this.evidence
      const slotsMax = scope === 'intent' ? this.tier.attrSlots : this.tier.evidenceSlots
      const setsMax = scope === 'intent' ? this.tier.attrSets : this.tier.evidenceSets
      let slots = 0
      let sets = 0
      for (const decl of schema) {
        if (decl.type === 'set<string>' || decl.type === 'set<int>') {
          target.set(decl.name, { kind: 'set', scope, type: decl.type, row: sets++ + (scope === 'intent' ? 0 : this.tier.attrSets), isOptional: decl.isOptional })
        } else {
          target.set(decl.name, { kind: 'scalar', scope, type: decl.type, slot: slots++ + (scope === 'intent' ? 0 : this.tier.attrSlots), isOptional: decl.isOptional })
        }
      }
      if (slots > slotsMax) throw bound(this.tier, `${scope} scalar fields (string, int, bool)`, slotsMax, slots)
      if (sets > setsMax) throw bound(this.tier, `${scope} set fields`, setsMax, sets)
    }
  }

  /** Compiles a boolean expression to an item whose value is the expression's truth. */
  private boolean(expr: Expr, index: number): Ref {
    switch (expr.kind) {
      case 'Field':
        return this.atom(ATOM_OP.EQ, this.value(expr, index), this.constant(1n, index), index)
      case 'BoolLiteral': {
        const ref = this.atom(ATOM_OP.TRUE, 0, 0, index)
        this.item(ref).negate = !expr.value
        return ref
      }
      case 'Compare':
        return this.compare(expr.op, expr.left, expr.right, index)
      case 'Chain': {
        const pairs = expr.ops.map((op, i) => this.compare(op, expr.operands[i]!, expr.operands[i + 1]!, index))
        return this.tree(GATE_OP.AND, pairs, index)
      }
      case 'In': {
        const ref = this.atom(ATOM_OP.IN, this.value(expr.element, index), this.setRow(expr.set, index), index)
        this.item(ref).negate = expr.negated
        return ref
      }
      case 'Relation':
        return this.relation(expr, index)
      case 'Not': {
        const ref = this.boolean(expr.operand, index)
        this.item(ref).negate = !this.item(ref).negate
        return ref
      }
      case 'And':
      case 'Or':
        return this.tree(expr.kind === 'And' ? GATE_OP.AND : GATE_OP.OR, expr.operands.map((operand) => this.boolean(operand, index)), index)
      case 'StringLiteral':
      case 'IntLiteral':
      case 'SetLiteral':
        throw new UnsupportedConstructError({ circuit: this.circuit, construct: `a ${expr.kind} as a constraint (requires[${index}])` })
    }
  }

  // a superset b is b subset a; a disjoint b is not (a intersects b).
  private relation(expr: SetRelation, index: number): Ref {
    const left = this.setRow(expr.left, index)
    const right = this.setRow(expr.right, index)
    const [op, a, b] = expr.op === 'subset' ? [RELATION_OP.SUBSET, left, right] : expr.op === 'superset' ? [RELATION_OP.SUBSET, right, left] : [RELATION_OP.INTERSECTS, left, right]
    this.relations.push({ op, a, b, negate: expr.op === 'disjoint', root: false })
    if (this.relations.length > this.tier.relations)
      throw bound(this.tier, 'set relations (subset, superset, intersects, disjoint)', this.tier.relations, this.relations.length, `requires[${index}]`)
    return { kind: 'relation', index: this.relations.length - 1 }
  }

  private compare(op: string, left: Expr, right: Expr, index: number): Ref {
    if (isBooleanComposite(left) || isBooleanComposite(right)) {
      // Booleans computed by sub-expressions: a == b is not (a xor b).
      const ref = this.gate(GATE_OP.XOR, this.boolean(left, index), this.boolean(right, index), index)
      if (op === '==') this.item(ref).negate = true
      else if (op !== '!=') throw new UnsupportedConstructError({ circuit: this.circuit, construct: `${op} on booleans (requires[${index}])` })
      return ref
    }
    const a = this.value(left, index)
    const b = this.value(right, index)
    // a <= b is not (b < a); a > b is b < a; a >= b is not (a < b).
    const [atomOp, x, y, negate] =
      op === '==' ? [ATOM_OP.EQ, a, b, false] : op === '!=' ? [ATOM_OP.EQ, a, b, true]
        : op === '<' ? [ATOM_OP.LT, a, b, false] : op === '<=' ? [ATOM_OP.LT, b, a, true]
          : op === '>' ? [ATOM_OP.LT, b, a, false] : [ATOM_OP.LT, a, b, true]
    const ref = this.atom(atomOp, x, y, index)
    this.item(ref).negate = negate
    return ref
  }

  /** The value slot of a scalar operand (a field or a literal). */
  private value(expr: Expr, index: number): number {
    switch (expr.kind) {
      case 'Field': {
        const slot = this.slotOf(expr)
        if (slot.kind !== 'scalar') throw new UnsupportedConstructError({ circuit: this.circuit, construct: `set field ${expr.scope}.${expr.name} as a scalar (requires[${index}])` })
        return slot.slot
      }
      case 'StringLiteral':
        return this.constant(encodeString(expr.value), index)
      case 'IntLiteral':
        return this.constant(encodeInt(expr.value, `requires[${index}]`), index)
      case 'BoolLiteral':
        return this.constant(encodeBool(expr.value), index)
      default:
        throw new UnsupportedConstructError({ circuit: this.circuit, construct: `a ${expr.kind} as a comparison operand (requires[${index}])` })
    }
  }

  private setRow(set: FieldRef | SetLiteral, index: number): number {
    if (set.kind === 'Field') {
      const slot = this.slotOf(set)
      if (slot.kind !== 'set') throw new UnsupportedConstructError({ circuit: this.circuit, construct: `in on scalar field ${set.scope}.${set.name}` })
      return slot.row
    }
    const elements = set.elements.map((element) =>
      typeof element === 'string' ? encodeString(element) : encodeInt(element, `requires[${index}]`))
    if (elements.length > this.tier.setSize) throw bound(this.tier, 'set literal elements', this.tier.setSize, elements.length, `requires[${index}]`)
    const key = elements.join(',')
    let row = this.literalSets.findIndex((existing) => existing.join(',') === key)
    if (row === -1) {
      row = this.literalSets.push(elements) - 1
      if (this.literalSets.length > this.tier.literalSets) throw bound(this.tier, 'distinct set literals', this.tier.literalSets, this.literalSets.length)
    }
    return this.tier.attrSets + this.tier.evidenceSets + row
  }

  private constant(value: bigint, _index: number): number {
    let position = this.constants.indexOf(value)
    if (position === -1) {
      position = this.constants.push(value) - 1
      if (this.constants.length > this.tier.constants) throw bound(this.tier, 'distinct constants (literals)', this.tier.constants, this.constants.length)
    }
    return this.tier.attrSlots + this.tier.evidenceSlots + position
  }

  private presence(name: string, _index: number): Ref {
    const slot = this.intent.get(name)!
    const position = slot.kind === 'scalar' ? slot.slot : this.tier.attrSlots + slot.row
    return this.atom(ATOM_OP.PRESENT, position, 0, _index)
  }

  private slotOf(field: FieldRef): FieldSlot {
    const slot = (field.scope === 'intent' ? this.intent : this.evidence).get(field.name)
    if (!slot) throw new UnsupportedConstructError({ circuit: this.circuit, construct: `undeclared field ${field.scope}.${field.name}` })
    return slot
  }

  private atom(op: number, a: number, b: number, _index: number): Ref {
    this.atoms.push({ op, a, b, negate: false, root: false })
    if (this.atoms.length > this.tier.atoms) throw bound(this.tier, 'atoms (comparisons, memberships, presence tests)', this.tier.atoms, this.atoms.length)
    return { kind: 'atom', index: this.atoms.length - 1 }
  }

  /** A balanced tree of binary gates over `refs` (keeps the depth logarithmic). */
  private tree(op: number, refs: Ref[], index: number): Ref {
    if (refs.length === 1) return refs[0]!
    const middle = Math.ceil(refs.length / 2)
    return this.gate(op, this.tree(op, refs.slice(0, middle), index), this.tree(op, refs.slice(middle), index), index)
  }

  /** Places a gate in the first layer above both inputs with room left. */
  private gate(op: number, x: Ref, y: Ref, index: number): Ref {
    let layer = Math.max(layerOf(x), layerOf(y)) + 1
    const { layers, layerWidth } = this.tier
    while (layer <= layers && this.gates[layer - 1]!.length >= layerWidth) layer++
    if (layer > layers) {
      const used = this.gates.reduce((sum, row) => sum + row.length, 0)
      throw bound(this.tier, 'logic gates (and/or nesting)', layers * layerWidth, used + 1,
        `requires[${index}] needs a gate above layer ${Math.max(layerOf(x), layerOf(y))} of ${layers}, ${layerWidth} gates each`)
    }
    const row = this.gates[layer - 1]!
    row.push({ op, a: inputIndex(x, this.tier), b: inputIndex(y, this.tier), negate: false, root: false })
    return { kind: 'gate', layer, position: row.length - 1 }
  }

  private item(ref: Ref): PolicyItem {
    if (ref.kind === 'atom') return this.atoms[ref.index]!
    return ref.kind === 'relation' ? this.relations[ref.index]! : this.gates[ref.layer - 1]![ref.position]!
  }
}

function layerOf(ref: Ref): number {
  return ref.kind === 'gate' ? ref.layer : 0
}

/** Index of an item in the circuit's `inputs` table: atoms, relations, then each layer's gates. */
function inputIndex(ref: Ref, tier: PolicyTier): number {
  if (ref.kind === 'atom') return ref.index
  if (ref.kind === 'relation') return tier.atoms + ref.index
  return tier.atoms + tier.relations + (ref.layer - 1) * tier.layerWidth + ref.position
}

/** A bool-typed operand that is not a plain field or literal. */
function isBooleanComposite(expr: Expr): boolean {
  return expr.kind === 'Compare' || expr.kind === 'Chain' || expr.kind === 'In' || expr.kind === 'Relation' || expr.kind === 'Not' || expr.kind === 'And' || expr.kind === 'Or'
}
