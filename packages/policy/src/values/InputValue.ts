/**
 * A decoded InputMap value: string, 64-bit int (bigint), bool, or a set given as an array.
 * Same shape as `InputValue` of @verity/core (DESIGN §4); defined here until core exports it.
 */
export type InputValue = string | bigint | boolean | readonly InputValue[]
