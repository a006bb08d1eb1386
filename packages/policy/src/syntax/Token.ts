/** A source position: 1-based line and column (UTF-16 code units). */
export type Position = Readonly<{ line: number; column: number }>

/**
 * A lexical token. Words (keywords and identifiers alike) are `Word` tokens; the parser gives a
 * word its meaning from context, so `size`, `name` or `in` can all be field names.
 */
export type Token =
  | Readonly<{ kind: 'Word'; text: string; pos: Position }>
  | Readonly<{ kind: 'Int'; value: bigint; text: string; pos: Position }>
  | Readonly<{ kind: 'String'; value: string; text: string; pos: Position }>
  | Readonly<{ kind: 'Punct'; text: PunctText; pos: Position }>
  | Readonly<{ kind: 'End'; text: ''; pos: Position }>

export type PunctText = '{' | '}' | '(' | ')' | ':' | ';' | '.' | ',' | '<' | '<=' | '>' | '>=' | '==' | '!='

/** How a token reads in an error message. */
export function describeToken(token: Token): string {
  if (token.kind === 'End') return 'end of template'
  if (token.kind === 'String') return `string ${token.text}`
  if (token.kind === 'Int') return `number ${token.text}`
  return `\`${token.text}\``
}
