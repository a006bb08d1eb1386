/**
 * A value of an InputMap (intent attributes, evidence): a string, a 64-bit signed integer, a
 * boolean, or a set of strings or integers (kept in the order given).
 */
export type InputValue = string | bigint | boolean | readonly InputValue[]

/** The tagged wire form: `{"String": s}`, `{"Int": n}`, `{"Bool": b}`, `{"Set": [tagged, …]}`. */
export type TaggedInputValue =
  | { String: string }
  | { Int: bigint }
  | { Bool: boolean }
  | { Set: TaggedInputValue[] }

/** The tags of `TaggedInputValue`. */
export const inputValueTags = Object.freeze(['String', 'Int', 'Bool', 'Set'] as const)
