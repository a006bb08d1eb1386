// InputValue is defined by @verity/core (DESIGN §4); re-exported here so policy's API is self-contained.
export type { InputValue } from '@verity/core'
