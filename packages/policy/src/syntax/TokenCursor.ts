import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { describeToken, type Position, type Token } from './Token.ts'

/** A read position in a token list, with the helpers the parser needs to expect and report. */
export class TokenCursor {
  private index = 0
  constructor(private readonly tokens: readonly Token[]) {}

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!
  }

  /** The token just consumed (the first token if none was). */
  previous(): Token {
    return this.tokens[Math.max(this.index - 1, 0)]!
  }

  next(): Token {
    const token = this.peek()
    if (this.index < this.tokens.length - 1) this.index++
    return token
  }

  isWord(text: string, offset = 0): boolean {
    const token = this.peek(offset)
    return token.kind === 'Word' && token.text === text
  }

  isPunct(text: string, offset = 0): boolean {
    const token = this.peek(offset)
    return token.kind === 'Punct' && token.text === text
  }

  /** Consumes the punctuation `text` or fails with "expected `text` <context>, found ...". */
  expectPunct(text: string, context: string): Token {
    if (!this.isPunct(text)) this.failAt(this.peek(), `expected \`${text}\` ${context}, found ${describeToken(this.peek())}`)
    return this.next()
  }

  /** Consumes a word (identifier) or fails. */
  expectWord(context: string): Token & { kind: 'Word' } {
    const token = this.peek()
    if (token.kind !== 'Word') this.failAt(token, `expected ${context}, found ${describeToken(token)}`)
    this.next()
    return token
  }

  /** Position just after the previous token, where a missing `;` or `}` belongs. */
  afterPrevious(): Position {
    const token = this.previous()
    return { line: token.pos.line, column: token.pos.column + token.text.length }
  }

  failAt(token: Token, reason: string): never {
    return fail(token.pos, reason)
  }
}

export function fail(pos: Position, reason: string): never {
  throw new TemplateCompileError({ line: pos.line, column: pos.column, reason })
}
