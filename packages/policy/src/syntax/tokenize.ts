import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { IDENTIFIER_LENGTH_MAX, INT_MAX, INT_MIN, STRING_LITERAL_BYTES_MAX, TEMPLATE_SOURCE_BYTES_MAX } from '../limits.ts'
import type { Position, PunctText, Token } from './Token.ts'

const PUNCT_TWO = new Set(['<=', '>=', '==', '!='])
const PUNCT_ONE = new Set(['{', '}', '(', ')', ':', ';', '.', ',', '<', '>'])
// An int64 has at most 19 digits; anything longer overflows, and we stop before building a huge bigint.
const INT_DIGITS_MAX = 19

/** Splits template source into tokens (comments and whitespace dropped), ending with an `End` token. */
export function tokenize(source: string): Token[] {
  const sourceBytes = Buffer.byteLength(source, 'utf8')
  if (sourceBytes > TEMPLATE_SOURCE_BYTES_MAX)
    fail({ line: 1, column: 1 }, `template source is ${sourceBytes} bytes; the limit is ${TEMPLATE_SOURCE_BYTES_MAX}`)
  const tokens: Token[] = []
  // A byte order mark from an editor is not part of the template.
  let index = source.startsWith('\uFEFF') ? 1 : 0
  let line = 1
  let lineStart = index
  const here = (): Position => ({ line, column: index - lineStart + 1 })
  while (index < source.length) {
    const char = source[index]!
    if (char === '\n') {
      index++
      line++
      lineStart = index
    } else if (char === ' ' || char === '\t' || char === '\r') {
      index++
    } else if (char === '#') {
      while (index < source.length && source[index] !== '\n') index++
    } else if (isWordStart(char)) {
      const pos = here()
      const start = index
      while (index < source.length && isWordPart(source[index]!)) index++
      const text = source.slice(start, index)
      if (text.length > IDENTIFIER_LENGTH_MAX)
        fail(pos, `identifier \`${text.slice(0, 20)}…\` is ${text.length} characters; the limit is ${IDENTIFIER_LENGTH_MAX}`)
      tokens.push({ kind: 'Word', text, pos })
    } else if (isDigit(char) || (char === '-' && isDigit(source[index + 1] ?? ''))) {
      const pos = here()
      const start = index
      index++
      while (index < source.length && isDigit(source[index]!)) index++
      if (index < source.length && isWordPart(source[index]!))
        fail(here(), `unexpected character \`${source[index]}\` in number`)
      const text = source.slice(start, index)
      tokens.push({ kind: 'Int', value: parseInt64(text, pos), text, pos })
    } else if (char === '"') {
      const pos = here()
      const start = index
      const value = readString()
      tokens.push({ kind: 'String', value, text: source.slice(start, index), pos })
    } else {
      const pos = here()
      const two = source.slice(index, index + 2)
      if (PUNCT_TWO.has(two)) {
        tokens.push({ kind: 'Punct', text: two as PunctText, pos })
        index += 2
      } else if (PUNCT_ONE.has(char)) {
        tokens.push({ kind: 'Punct', text: char as PunctText, pos })
        index++
      } else {
        fail(pos, unexpectedCharacter(source, index))
      }
    }
  }
  tokens.push({ kind: 'End', text: '', pos: here() })
  return tokens

  // Reads a string literal starting at the opening quote; leaves `index` after the closing quote.
  function readString(): string {
    const pos = here()
    index++
    let value = ''
    for (;;) {
      if (index >= source.length || source[index] === '\n') fail(pos, 'unterminated string literal (strings end with `"` on the same line)')
      const char = source[index]!
      if (char === '"') {
        index++
        break
      }
      if (char === '\\') {
        value += readEscape()
        continue
      }
      const unit = char.charCodeAt(0)
      if (unit >= 0xd800 && unit <= 0xdfff) {
        const low = source.charCodeAt(index + 1)
        if (unit > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) fail(here(), 'string contains an unpaired UTF-16 surrogate')
        value += source.slice(index, index + 2)
        index += 2
        continue
      }
      value += char
      index++
    }
    const bytes = Buffer.byteLength(value, 'utf8')
    if (bytes > STRING_LITERAL_BYTES_MAX)
      fail(pos, `string literal is ${bytes} bytes; the limit is ${STRING_LITERAL_BYTES_MAX}`)
    return value
  }

  function readEscape(): string {
    const pos = here()
    const next = source[index + 1]
    index += 2
    if (next === '"') return '"'
    if (next === '\\') return '\\'
    if (next === 'n') return '\n'
    if (next === 't') return '\t'
    if (next === 'u' && source[index] === '{') {
      const close = source.indexOf('}', index)
      const hex = close === -1 ? '' : source.slice(index + 1, close)
      if (!/^[0-9a-fA-F]{1,6}$/.test(hex)) fail(pos, 'invalid unicode escape; write `\\u{` hex digits `}`, e.g. `\\u{e9}`')
      const codePoint = Number.parseInt(hex, 16)
      if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff))
        fail(pos, `\\u{${hex}} is not a unicode scalar value`)
      index = close + 1
      return String.fromCodePoint(codePoint)
    }
    const shown = next === undefined || next === '\n' ? '' : next
    fail(pos, `unknown escape \`\\${shown}\` in string; use \\" \\\\ \\n \\t or \\u{...}`)
  }
}

function parseInt64(text: string, pos: Position): bigint {
  const digits = text.startsWith('-') ? text.length - 1 : text.length
  const value = digits > INT_DIGITS_MAX + 5 ? null : BigInt(text)
  if (value === null || value < INT_MIN || value > INT_MAX)
    fail(pos, `integer ${text.length > 30 ? text.slice(0, 30) + '…' : text} is out of range for int (64-bit signed: ${INT_MIN} to ${INT_MAX})`)
  return value
}

function unexpectedCharacter(source: string, index: number): string {
  const codePoint = source.codePointAt(index)!
  const char = String.fromCodePoint(codePoint)
  if (char === '=') return 'unexpected `=`; compare with `==`'
  if (char === '!') return 'unexpected `!`; write `!=` for not-equal, or `not` to negate'
  if (char === '&' || char === '|') return `unexpected \`${char}\`; write \`and\` / \`or\``
  if (char === "'") return "unexpected `'`; strings use double quotes"
  if (char === '-') return 'unexpected `-`; only integer literals may be negative (`-5`)'
  const code = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
  if (codePoint < 0x20 || codePoint === 0x7f) return `unexpected character ${code}`
  return codePoint < 0x80 ? `unexpected character \`${char}\`` : `unexpected character \`${char}\` (${code}); outside strings, templates are ASCII`
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9'
}

function isWordStart(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || char === '_'
}

function isWordPart(char: string): boolean {
  return isWordStart(char) || isDigit(char)
}

function fail(pos: Position, reason: string): never {
  throw new TemplateCompileError({ line: pos.line, column: pos.column, reason })
}
