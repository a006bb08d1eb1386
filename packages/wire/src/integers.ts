// 64-bit integers on the wire: JSON numbers, parsed bigint-exact (docs/protocol.md). The `u64` and
// `i64` keywords are checked by the HTTP edge's validator (@verity/server) for a number or a
// bigint, and written as OpenAPI integers (format uint64 / int64) in the documents.
import { Type } from 'typebox'

/** An unsigned 64-bit integer: a JSON number, a bigint inside when it exceeds 2^53. */
export const U64 = Type.Unsafe<bigint | number>({ u64: true, description: 'unsigned 64-bit integer, exact (never rounded)' })
/** A signed 64-bit integer: a JSON number, a bigint inside when it exceeds ±2^53. */
export const I64 = Type.Unsafe<bigint | number>({ i64: true, description: 'signed 64-bit integer, exact (never rounded)' })
