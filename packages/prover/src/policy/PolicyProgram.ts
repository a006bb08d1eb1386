/**
 * A template compiled for the policy circuit (circuits/policy/src/main.nr): where each field
 * lives, the atoms, the gates by layer, the constants and the set literals. Pure data; the
 * template's circuit encoding is a function of it.
 */
export type PolicyItem = { op: number; a: number; b: number; negate: boolean; root: boolean }

export type FieldSlot =
  | { kind: 'scalar'; scope: 'intent' | 'evidence'; type: 'string' | 'int' | 'bool'; slot: number; isOptional: boolean }
  | { kind: 'set'; scope: 'intent' | 'evidence'; type: 'set<string>' | 'set<int>'; row: number; isOptional: boolean }

export type PolicyProgram = {
  /** Field name → slot, per scope. */
  intent: ReadonlyMap<string, FieldSlot>
  evidence: ReadonlyMap<string, FieldSlot>
  atoms: PolicyItem[]
  /** Set relations (`op` a RELATION_OP, `a` and `b` set rows); only the sets tier has room for any. */
  relations: PolicyItem[]
  /** gates[layer][position]. */
  gates: PolicyItem[][]
  /** Encoded constants (value slots after the intent and evidence scalars). */
  constants: bigint[]
  /** Encoded, deduplicated elements of each set literal. */
  literalSets: bigint[][]
}

export const ATOM_OP = { TRUE: 0, EQ: 1, LT: 2, IN: 3, PRESENT: 4 } as const
/** `superset` is SUBSET with the rows swapped; `disjoint` a negated INTERSECTS. */
export const RELATION_OP = { SUBSET: 0, INTERSECTS: 1 } as const
export const GATE_OP = { AND: 0, OR: 1, XOR: 2 } as const
