import { checkInputs, type CompiledTemplate, type InputValue } from '@verity/policy'
import type { InputMap } from '@noir-lang/noir_js'
import { CircuitBoundsError } from '../errors/proverErrors.ts'
import { POLICY_ITEMS_PER_FIELD } from '../limits.ts'
import { compilePolicyProgram } from './compilePolicyProgram.ts'
import { encodeBool, encodeInt, encodeString, fieldHex, FIELD_MODULUS, SET_SENTINEL } from './encodeValue.ts'
import { poseidon2Hash } from '../hash/poseidon2.ts'
import type { FieldSlot, PolicyItem, PolicyProgram } from './PolicyProgram.ts'
import { POLICY_TIER_UNIVERSAL, policyTierOf, type PolicyTier } from './policyTiers.ts'

/** The policy circuit's public inputs, in the circuit's order, as field elements. */
export type PolicyPublicInputs = {
  templateHash: bigint
  attrsCommitment: bigint
  evidenceCommitment: bigint
  intentId: bigint
}

export type EncodedPolicyInputs = { inputs: InputMap; publicInputs: PolicyPublicInputs }

/** Private salts of the two commitments: `salt` (evidence) and `attrsSalt` (attrs: 0 for open intents, random for sealed ones). */
export type PolicySalts = { salt?: bigint; attrsSalt?: bigint }

/**
 * Encodes a template, intent attrs, evidence, intent id and salt as the inputs of a tier of the
 * policy circuit (default: the universal one), and computes its public inputs (the hashes the
 * circuit recomputes; the template hash differs per tier, as the padding does). Throws
 * InputDataError (from @verity/policy) when values do not match the schemas, CircuitBoundsError
 * when a template or a set value exceeds the tier's bounds.
 */
export async function encodePolicyInputs(
  compiled: CompiledTemplate,
  attrs: Record<string, InputValue>,
  evidence: Record<string, InputValue>,
  intentId: string,
  salt: bigint = 0n,
  tier: PolicyTier = POLICY_TIER_UNIVERSAL,
  attrsSalt: bigint = 0n,
): Promise<EncodedPolicyInputs> {
  checkInputs(compiled.intent, attrs, 'intent')
  checkInputs(compiled.evidence, evidence, 'evidence')
  checkField(salt, 'salt')
  checkField(attrsSalt, 'attrsSalt')
  const program = compilePolicyProgram(compiled, tier)
  const template = encodeTemplate(program, tier)
  const attrSlots = encodeAttrs(program, tier, attrs)
  const evidenceSlots = encodeEvidence(program, tier, evidence)
  const publicInputs: PolicyPublicInputs = {
    templateHash: await poseidon2Hash(templateFields(template)),
    attrsCommitment: await poseidon2Hash(attrsFields(attrSlots, attrsSalt)),
    evidenceCommitment: await poseidon2Hash([...evidenceSlots.values, ...evidenceSlots.sets.flat(), salt]),
    intentId: encodeString(intentId),
  }
  const hex = (values: bigint[]) => values.map(fieldHex)
  const inputs: InputMap = {
    template_atoms: hex(template.atoms),
    // Only the sets tier has relation items: the other tiers' inputs are as they always were.
    ...(tier.relations > 0 ? { template_relations: hex(template.relations) } : {}),
    template_gates: hex(template.gates),
    template_constants: hex(template.constants),
    template_sets: template.sets.map(hex),
    attr_values: hex(attrSlots.values),
    attr_present: attrSlots.present,
    attr_sets: attrSlots.sets.map(hex),
    attr_sets_present: attrSlots.setsPresent,
    evidence_values: hex(evidenceSlots.values),
    evidence_sets: evidenceSlots.sets.map(hex),
    salt: fieldHex(salt),
    attrs_salt: fieldHex(attrsSalt),
    template_hash: fieldHex(publicInputs.templateHash),
    attrs_commitment: fieldHex(publicInputs.attrsCommitment),
    evidence_commitment: fieldHex(publicInputs.evidenceCommitment),
    intent_id: fieldHex(publicInputs.intentId),
  }
  return { inputs, publicInputs }
}

/** The public inputs of a (template, attrs, evidence, intent id, salts) statement on a tier. */
export async function policyPublicInputs(
  compiled: CompiledTemplate,
  attrs: Record<string, InputValue>,
  evidence: Record<string, InputValue>,
  intentId: string,
  salt: bigint = 0n,
  tier: PolicyTier = POLICY_TIER_UNIVERSAL,
  attrsSalt: bigint = 0n,
): Promise<string[]> {
  const { publicInputs } = await encodePolicyInputs(compiled, attrs, evidence, intentId, salt, tier, attrsSalt)
  return [publicInputs.templateHash, publicInputs.attrsCommitment, publicInputs.evidenceCommitment, publicInputs.intentId].map(fieldHex)
}

/**
 * The public inputs of a statement whose attrs are known only by their commitment (a sealed
 * intent): the template hash, `attrsCommitment` as given, the evidence commitment, the intent id.
 */
export async function policyPublicInputsForCommitment(
  compiled: CompiledTemplate,
  attrsCommitment: bigint,
  evidence: Record<string, InputValue>,
  intentId: string,
  salt: bigint = 0n,
  tier: PolicyTier = POLICY_TIER_UNIVERSAL,
): Promise<string[]> {
  checkInputs(compiled.evidence, evidence, 'evidence')
  checkField(salt, 'salt')
  checkField(attrsCommitment, 'attrsCommitment')
  const program = compilePolicyProgram(compiled, tier)
  const evidenceSlots = encodeEvidence(program, tier, evidence)
  const templateHash = await poseidon2Hash(templateFields(encodeTemplate(program, tier)))
  const evidenceCommitment = await poseidon2Hash([...evidenceSlots.values, ...evidenceSlots.sets.flat(), salt])
  return [templateHash, attrsCommitment, evidenceCommitment, encodeString(intentId)].map(fieldHex)
}

/**
 * The `attrs_commitment` public input the policy circuit of tier `circuit` computes: Poseidon2 over
 * the encoded attrs (scalar slots, presence bits, set rows) followed by `salt` (default 0: open
 * intents; a random field element hides the attrs of a sealed intent). 0x-prefixed 32-byte hex.
 */
export async function policyAttrsCommitment(params: {
  circuit: string
  compiled: CompiledTemplate
  attrs: Record<string, InputValue>
  salt?: bigint
}): Promise<string> {
  const tier = policyTierOf(params.circuit)
  if (tier === undefined) throw new RangeError(`circuit must be a policy tier, got ${JSON.stringify(params.circuit)}`)
  const salt = params.salt ?? 0n
  checkField(salt, 'salt')
  checkInputs(params.compiled.intent, params.attrs, 'intent')
  const program = compilePolicyProgram(params.compiled, tier)
  return fieldHex(await poseidon2Hash(attrsFields(encodeAttrs(program, tier, params.attrs), salt)))
}

type EncodedScope = ReturnType<typeof encodeScope>

function encodeAttrs(program: PolicyProgram, tier: PolicyTier, attrs: Record<string, InputValue>): EncodedScope {
  return encodeScope(tier, program.intent, attrs, { slotCount: tier.attrSlots, setCount: tier.attrSets, slotBase: 0, rowBase: 0 })
}

function encodeEvidence(program: PolicyProgram, tier: PolicyTier, evidence: Record<string, InputValue>): EncodedScope {
  return encodeScope(tier, program.evidence, evidence, { slotCount: tier.evidenceSlots, setCount: tier.evidenceSets, slotBase: tier.attrSlots, rowBase: tier.attrSets })
}

/** The attrs commitment's preimage, as circuits/policy_core's check_commitments lays it out. */
function attrsFields(slots: EncodedScope, attrsSalt: bigint): bigint[] {
  const presenceBits = [...slots.present, ...slots.setsPresent].reduce((sum, bit, i) => (bit ? sum + (1n << BigInt(i)) : sum), 0n)
  return [...slots.values, presenceBits, ...slots.sets.flat(), attrsSalt]
}

function checkField(value: bigint, name: string): void {
  if (typeof value !== 'bigint' || value < 0n || value >= FIELD_MODULUS) throw new RangeError(`${name} must be a field element (0 <= ${name} < p)`)
}

/** Poseidon2 of the encoded template on a tier: the `template_hash` public input. */
export async function policyTemplateHash(compiled: CompiledTemplate, tier: PolicyTier = POLICY_TIER_UNIVERSAL): Promise<bigint> {
  return poseidon2Hash(templateFields(encodeTemplate(compilePolicyProgram(compiled, tier), tier)))
}

type EncodedTemplate = { atoms: bigint[]; relations: bigint[]; gates: bigint[]; constants: bigint[]; sets: bigint[][] }

function encodeTemplate(program: PolicyProgram, tier: PolicyTier): EncodedTemplate {
  const gates: PolicyItem[] = []
  for (const layer of program.gates) {
    for (let k = 0; k < tier.layerWidth; k++) gates.push(layer[k] ?? { op: 0, a: 0, b: 0, negate: false, root: false })
  }
  const atoms = [...program.atoms]
  while (atoms.length < tier.atoms) atoms.push({ op: 0, a: 0, b: 0, negate: false, root: false })
  // Padding relations: row 0 subset row 0, true and never a root.
  const relations = [...program.relations]
  while (relations.length < tier.relations) relations.push({ op: 0, a: 0, b: 0, negate: false, root: false })
  const constants = [...program.constants]
  while (constants.length < tier.constants) constants.push(0n)
  const sets = program.literalSets.map((elements) => padSet(elements, tier.setSize))
  while (sets.length < tier.literalSets) sets.push(padSet([], tier.setSize))
  return { atoms: packItems(atoms), relations: packItems(relations), gates: packItems(gates), constants, sets }
}

function templateFields(template: EncodedTemplate): bigint[] {
  return [...template.atoms, ...template.relations, ...template.gates, ...template.constants, ...template.sets.flat()]
}

/**
 * 3 bytes per item — flags (bit `op` set, bit 5 negate, bit 6 root), a, b — POLICY_ITEMS_PER_FIELD
 * items per field, little-endian (circuits/policy/src/main.nr).
 */
function packItems(items: PolicyItem[]): bigint[] {
  const fields: bigint[] = []
  for (let start = 0; start < items.length; start += POLICY_ITEMS_PER_FIELD) {
    let field = 0n
    items.slice(start, start + POLICY_ITEMS_PER_FIELD).forEach((item, k) => {
      const flags = (1 << item.op) | (item.negate ? 1 << 5 : 0) | (item.root ? 1 << 6 : 0)
      const bytes = [flags, item.a, item.b]
      bytes.forEach((byte, j) => (field |= BigInt(byte) << BigInt(8 * (3 * k + j))))
    })
    fields.push(field)
  }
  return fields
}

function padSet(elements: bigint[], setSize: number): bigint[] {
  return [...elements, ...new Array<bigint>(setSize - elements.length).fill(SET_SENTINEL)]
}

/** Where a scope's fields go: slot and row counts, and the first slot and row of the scope. */
type ScopeLayout = { slotCount: number; setCount: number; slotBase: number; rowBase: number }

function encodeScope(tier: PolicyTier, layout: ReadonlyMap<string, FieldSlot>, values: Record<string, InputValue>, scope: ScopeLayout) {
  const { slotCount, setCount, slotBase, rowBase } = scope
  const encoded = { values: new Array<bigint>(slotCount).fill(0n), present: new Array<boolean>(slotCount).fill(false), sets: Array.from({ length: setCount }, () => padSet([], tier.setSize)), setsPresent: new Array<boolean>(setCount).fill(false) }
  for (const [name, slot] of layout) {
    const value = values[name]
    if (value === undefined || value === null) continue
    const path = `${slot.scope}.${name}`
    if (slot.kind === 'scalar') {
      encoded.values[slot.slot - slotBase] = encodeScalar(slot.type, value, path)
      encoded.present[slot.slot - slotBase] = true
    } else {
      const distinct = [...new Set((value as readonly InputValue[]).map((element) => (typeof element === 'number' ? BigInt(element) : element)))]
      if (distinct.length > tier.setSize)
        throw new CircuitBoundsError({ circuit: tier.circuit, bound: `elements of set field ${path}`, limit: tier.setSize, got: distinct.length })
      encoded.sets[slot.row - rowBase] = padSet(distinct.map((element) => encodeScalar(slot.type === 'set<int>' ? 'int' : 'string', element, path)), tier.setSize)
      encoded.setsPresent[slot.row - rowBase] = true
    }
  }
  return encoded
}

function encodeScalar(type: 'string' | 'int' | 'bool', value: InputValue, path: string): bigint {
  if (type === 'string') return encodeString(value as string)
  if (type === 'int') return encodeInt(value as bigint | number, path)
  return encodeBool(value as boolean)
}
