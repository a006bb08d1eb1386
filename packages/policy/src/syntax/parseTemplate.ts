import { SET_RELATION_OPS, type FieldType } from '../ast/Expr.ts'
import { describeToken, type Position } from './Token.ts'
import { fail, TokenCursor } from './TokenCursor.ts'
import type { SyntaxBlock, SyntaxConstraint, SyntaxDecl, SyntaxTemplate } from './SyntaxTree.ts'
import { tokenize } from './tokenize.ts'
import { parseExpression } from './parseExpression.ts'
import { suggestName } from '../compile/suggestName.ts'

type BlockName = 'intent' | 'evidence' | 'requires'
const BLOCK_NAMES: readonly string[] = ['intent', 'evidence', 'requires']
const TYPE_NAMES = ['string', 'int', 'bool', 'set<string>', 'set<int>', 'optional']

/** Parses template source into a syntax tree (no name resolution or type checking yet). */
export function parseTemplate(source: string): SyntaxTemplate {
  const cursor = new TokenCursor(tokenize(source))
  if (!cursor.isWord('name')) cursor.failAt(cursor.peek(), `a template starts with \`name <identifier>\`, found ${describeToken(cursor.peek())}`)
  cursor.next()
  const name = cursor.expectWord('the template name after `name`')
  const seenAt: Partial<Record<BlockName, Position>> = {}
  let intent: SyntaxBlock<SyntaxDecl> | undefined
  let evidence: SyntaxBlock<SyntaxDecl> | undefined
  let requires: SyntaxBlock<SyntaxConstraint> | undefined
  while (cursor.peek().kind !== 'End') {
    const word = cursor.peek()
    if (word.kind !== 'Word' || !BLOCK_NAMES.includes(word.text)) {
      const hint = word.kind === 'Word' ? suggestName(word.text, BLOCK_NAMES) : undefined
      cursor.failAt(word, `expected a block \`intent {\`, \`evidence {\` or \`requires {\`, found ${describeToken(word)}` +
        (hint === undefined ? '' : `; did you mean \`${hint}\`?`))
    }
    const blockName = word.text as BlockName
    const seen = seenAt[blockName]
    if (seen !== undefined) cursor.failAt(word, `duplicate \`${blockName}\` block (first at line ${seen.line}); each block appears once`)
    cursor.next()
    cursor.expectPunct('{', `after \`${blockName}\``)
    if (blockName === 'requires') {
      requires = { pos: word.pos, items: parseConstraints(cursor) }
    } else {
      const block = { pos: word.pos, items: parseDeclarations(cursor, blockName) }
      if (blockName === 'intent') intent = block
      else evidence = block
    }
    seenAt[blockName] = word.pos
  }
  return { name: name.text, intent, evidence, requires, endPos: cursor.peek().pos }
}

// Declarations `name: type`, one per line, up to the closing `}` (consumed).
function parseDeclarations(cursor: TokenCursor, blockName: string): SyntaxDecl[] {
  const decls: SyntaxDecl[] = []
  let lastLine = 0
  for (;;) {
    if (cursor.isPunct('}')) {
      cursor.next()
      return decls
    }
    const token = cursor.peek()
    if (token.kind === 'End') fail(cursor.afterPrevious(), `missing \`}\` at the end of the \`${blockName}\` block`)
    if (token.kind !== 'Word') cursor.failAt(token, `expected a field declaration \`name: type\` in \`${blockName}\`, found ${describeToken(token)}`)
    if (token.pos.line === lastLine) cursor.failAt(token, 'field declarations go one per line')
    cursor.next()
    cursor.expectPunct(':', `after field name \`${token.text}\` (declare fields as \`name: type\`)`)
    const { type, isOptional } = parseType(cursor)
    decls.push({ name: token.text, pos: token.pos, type, isOptional })
    lastLine = cursor.previous().pos.line
  }
}

function parseType(cursor: TokenCursor): { type: FieldType; isOptional: boolean } {
  const isOptional = cursor.isWord('optional')
  if (isOptional) cursor.next()
  const token = cursor.peek()
  if (token.kind !== 'Word') cursor.failAt(token, `expected a type (string, int, bool, set<string>, set<int>), found ${describeToken(token)}`)
  cursor.next()
  if (token.text === 'string' || token.text === 'int' || token.text === 'bool') return { type: token.text, isOptional }
  if (token.text === 'set') {
    cursor.expectPunct('<', 'after `set` (write `set<string>` or `set<int>`)')
    const element = cursor.expectWord('`string` or `int` as the set element type')
    if (element.text !== 'string' && element.text !== 'int')
      cursor.failAt(element, `sets hold \`string\` or \`int\`, not \`${element.text}\``)
    cursor.expectPunct('>', `to close \`set<${element.text}\``)
    return { type: element.text === 'string' ? 'set<string>' : 'set<int>', isOptional }
  }
  if (token.text === 'optional') cursor.failAt(token, '`optional` appears once, before the type: `optional string`')
  const hint = suggestName(token.text, TYPE_NAMES) ?? ({ integer: 'int', boolean: 'bool', str: 'string', text: 'string' } as Record<string, string>)[token.text]
  return cursor.failAt(token, `unknown type \`${token.text}\`` + (hint === undefined ? '; types are string, int, bool, set<string>, set<int>' : `; did you mean \`${hint}\`?`))
}

// Constraints `[optional:] expr;` up to the closing `}` (consumed).
function parseConstraints(cursor: TokenCursor): SyntaxConstraint[] {
  const constraints: SyntaxConstraint[] = []
  for (;;) {
    if (cursor.isPunct('}')) {
      cursor.next()
      return constraints
    }
    if (cursor.peek().kind === 'End') fail(cursor.afterPrevious(), 'missing `}` at the end of the `requires` block')
    const pos = cursor.peek().pos
    const isOptional = cursor.isWord('optional') && cursor.isPunct(':', 1)
    if (isOptional) {
      cursor.next()
      cursor.next()
    }
    const expr = parseExpression(cursor)
    if (!cursor.isPunct(';')) {
      const found = cursor.peek()
      if (found.pos.line === cursor.previous().pos.line && !cursor.isPunct('}')) {
        const near = found.kind === 'Word' ? suggestName(found.text, ['in', 'and', 'or', ...SET_RELATION_OPS]) : undefined
        cursor.failAt(found, `unexpected ${describeToken(found)} in constraint; expected an operator or \`;\`` + (near === undefined ? '' : ` (did you mean \`${near}\`?)`))
      }
      fail(cursor.afterPrevious(), 'missing `;` at the end of the constraint')
    }
    cursor.next()
    constraints.push({ isOptional, pos, expr })
  }
}
