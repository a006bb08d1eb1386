import { InvalidJsonError, JsonTooDeepError } from '../errors/encodingErrors.ts'

/**
 * A careful recursive-descent JSON parser (RFC 8259) that turns integers outside ±(2^53 - 1)
 * into bigint. `parseJsonBigint` uses it only when the native parser would round, and to
 * report where bad text goes wrong.
 */
export function parseJsonBigintSlowly(text: string, depthMax: number, title: string): unknown {
  const parser = new Parser(text, depthMax, title)
  parser.skipWhitespace()
  const value = parser.parseValue(0)
  parser.skipWhitespace()
  if (parser.position !== text.length) parser.fail('unexpected text after the JSON value')
  return value
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y
// A string token: quote, then runs of unescaped characters (no control characters) or escapes.
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
const SAFE_DIGITS = 15 // every integer of at most 15 digits is below 2^53

class Parser {
  position = 0
  constructor(
    readonly text: string,
    readonly depthMax: number,
    readonly title: string,
  ) {}

  fail(reason: string): never {
    throw new InvalidJsonError({ title: this.title, reason, position: this.position })
  }

  skipWhitespace(): void {
    const text = this.text
    let position = this.position
    for (;;) {
      const code = text.charCodeAt(position)
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break
      position++
    }
    this.position = position
  }

  parseValue(depth: number): unknown {
    const char = this.text[this.position]
    if (char === '{') return this.parseObject(depth + 1)
    if (char === '[') return this.parseArray(depth + 1)
    if (char === '"') return this.parseString()
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.parseNumber()
    if (this.text.startsWith('true', this.position)) return this.literal(4, true)
    if (this.text.startsWith('false', this.position)) return this.literal(5, false)
    if (this.text.startsWith('null', this.position)) return this.literal(4, null)
    return this.fail(char === undefined ? 'unexpected end of text' : `unexpected character ${JSON.stringify(char)}`)
  }

  literal<T>(length: number, value: T): T {
    this.position += length
    return value
  }

  enter(depth: number): void {
    if (depth > this.depthMax) throw new JsonTooDeepError({ depthMax: this.depthMax, position: this.position })
    this.position++
    this.skipWhitespace()
  }

  parseObject(depth: number): Record<string, unknown> {
    this.enter(depth)
    const object: Record<string, unknown> = {}
    if (this.text[this.position] === '}') return this.literal(1, object)
    for (;;) {
      if (this.text[this.position] !== '"') this.fail('expected a string key')
      const key = this.parseString()
      this.skipWhitespace()
      if (this.text[this.position] !== ':') this.fail('expected ":"')
      this.position++
      this.skipWhitespace()
      const value = this.parseValue(depth)
      // defineProperty, so a "__proto__" key is data and cannot replace the prototype.
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
      this.skipWhitespace()
      const next = this.text[this.position]
      this.position++
      if (next === '}') return object
      if (next !== ',') {
        this.position--
        this.fail('expected "," or "}"')
      }
      this.skipWhitespace()
    }
  }

  parseArray(depth: number): unknown[] {
    this.enter(depth)
    const array: unknown[] = []
    if (this.text[this.position] === ']') return this.literal(1, array)
    for (;;) {
      array.push(this.parseValue(depth))
      this.skipWhitespace()
      const next = this.text[this.position]
      this.position++
      if (next === ']') return array
      if (next !== ',') {
        this.position--
        this.fail('expected "," or "]"')
      }
      this.skipWhitespace()
    }
  }

  parseString(): string {
    STRING.lastIndex = this.position
    const match = STRING.exec(this.text)
    if (match === null) this.fail('invalid string')
    this.position = STRING.lastIndex
    const token = match[0]
    // JSON.parse decodes the escapes of a token already checked to be a valid JSON string.
    return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1)
  }

  parseNumber(): number | bigint {
    NUMBER.lastIndex = this.position
    const match = NUMBER.exec(this.text)
    if (match === null) this.fail('invalid number')
    this.position = NUMBER.lastIndex
    const token = match[0]
    const isInteger = match[1] === undefined && match[2] === undefined
    const digitCount = token.length - (token.startsWith('-') ? 1 : 0)
    if (!isInteger || digitCount <= SAFE_DIGITS) return Number(token)
    const value = BigInt(token)
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(token) : value
  }
}
