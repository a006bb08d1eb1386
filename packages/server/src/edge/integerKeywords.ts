// Request bodies are parsed with parseJsonBigint, so a u64 or i64 arrives as a number when it is
// safe and as a bigint when it is not. Ajv's `type: integer` refuses bigint, so these two
// keywords check 64-bit integers of either representation; openApiIntegers rewrites them for
// the OpenAPI document. The wire schemas (@verity/wire U64, I64) are the only users.
/** The part of ajv's API these keywords use (ajv is fastify's, not a dependency of ours). */
type AjvLike = { addKeyword(definition: Record<string, unknown>): unknown }

const U64_MAX = 2n ** 64n - 1n
const I64_MIN = -(2n ** 63n)
const I64_MAX = 2n ** 63n - 1n

function integerOf(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  return null
}

/** True for an unsigned 64-bit integer, as number or bigint. */
export function isU64(value: unknown): boolean {
  const n = integerOf(value)
  return n !== null && n >= 0n && n <= U64_MAX
}

/** True for a signed 64-bit integer, as number or bigint. */
export function isI64(value: unknown): boolean {
  const n = integerOf(value)
  return n !== null && n >= I64_MIN && n <= I64_MAX
}

type KeywordValidate = ((schema: boolean, data: unknown) => boolean) & { errors?: unknown[] }

function checkWith(check: (value: unknown) => boolean, message: string): KeywordValidate {
  const validate: KeywordValidate = (_schema, data) => {
    const ok = check(data)
    validate.errors = ok ? [] : [{ keyword: 'integer64', message, params: {} }]
    return ok
  }
  return validate
}

/** An ajv plugin adding the `u64` and `i64` keywords. */
export function addIntegerKeywords(ajv: AjvLike): AjvLike {
  ajv.addKeyword({ keyword: 'u64', schemaType: 'boolean', errors: true, validate: checkWith(isU64, 'must be an unsigned 64-bit integer') })
  ajv.addKeyword({ keyword: 'i64', schemaType: 'boolean', errors: true, validate: checkWith(isI64, 'must be a signed 64-bit integer') })
  return ajv
}

/** Rewrites `{u64: true}` / `{i64: true}` into OpenAPI integer schemas, in place and recursively. */
export function openApiIntegers<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) openApiIntegers(item)
  } else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>
    if (record.u64 === true) {
      delete record.u64
      Object.assign(record, { type: 'integer', format: 'uint64', minimum: 0 })
    }
    if (record.i64 === true) {
      delete record.i64
      Object.assign(record, { type: 'integer', format: 'int64' })
    }
    for (const value of Object.values(record)) openApiIntegers(value)
  }
  return node
}
