// Browser adapter for `node:assert/strict`: the limits modules of @verity/core and
// @verity/policy assert how their constants relate when they load. Vite aliases it (vite.config.ts).
export class AssertionError extends Error {
  override readonly name = 'AssertionError'
}

function assert(value: unknown, message?: string): asserts value {
  if (!value) throw new AssertionError(message ?? 'assertion failed')
}

assert.ok = assert
assert.equal = (actual: unknown, expected: unknown, message?: string) => assert(Object.is(actual, expected), message ?? `${String(actual)} !== ${String(expected)}`)

export default assert
