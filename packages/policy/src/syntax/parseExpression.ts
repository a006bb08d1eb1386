import { SET_RELATION_OPS, type CompareOp, type SetRelationOp } from '../ast/Expr.ts'
import { EXPRESSION_DEPTH_MAX, SET_LITERAL_ELEMENTS_MAX } from '../limits.ts'
import { describeToken, type Position } from './Token.ts'
import { fail, type TokenCursor } from './TokenCursor.ts'
import type { SyntaxExpr, SyntaxOp, SyntaxSetElement } from './SyntaxTree.ts'

const COMPARE_OPS: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>='])

// Precedence, loosest first: `or`, `and`, `not`, then comparison / `in` / set relations, then primaries.
// `not a == b` therefore reads `not (a == b)`, as in Python.

/** Parses one expression starting at the cursor. */
export function parseExpression(cursor: TokenCursor): SyntaxExpr {
  return parseOr(cursor, 1)
}

function parseOr(cursor: TokenCursor, depth: number): SyntaxExpr {
  return parseChainOf(cursor, depth, 'or', 'Or', parseAnd)
}

function parseAnd(cursor: TokenCursor, depth: number): SyntaxExpr {
  return parseChainOf(cursor, depth, 'and', 'And', parseNot)
}

function parseChainOf(
  cursor: TokenCursor,
  depth: number,
  word: 'and' | 'or',
  kind: 'And' | 'Or',
  parseOperand: (cursor: TokenCursor, depth: number) => SyntaxExpr,
): SyntaxExpr {
  const first = parseOperand(cursor, depth)
  if (!cursor.isWord(word)) return first
  const pos = cursor.peek().pos
  const operands = [first]
  while (cursor.isWord(word)) {
    cursor.next()
    operands.push(parseOperand(cursor, depth))
  }
  return { kind, operands, pos }
}

function parseNot(cursor: TokenCursor, depth: number): SyntaxExpr {
  checkDepth(cursor.peek().pos, depth)
  if (!cursor.isWord('not')) return parseComparison(cursor, depth)
  const pos = cursor.next().pos
  if (cursor.isWord('in')) cursor.failAt(cursor.peek(), '`not in` needs a value on its left: `evidence.x not in {...}`')
  return { kind: 'Not', operand: parseNot(cursor, depth + 1), pos }
}

function parseComparison(cursor: TokenCursor, depth: number): SyntaxExpr {
  const first = parsePrimary(cursor, depth + 1)
  if (cursor.isWord('in') || (cursor.isWord('not') && cursor.isWord('in', 1))) return parseMembership(cursor, depth, first)
  if (isRelationWord(cursor)) return parseRelation(cursor, depth, first)
  if (!isCompareOp(cursor)) return first
  const operands = [first]
  const ops: SyntaxOp[] = []
  while (isCompareOp(cursor)) {
    const token = cursor.next()
    ops.push({ op: token.text as CompareOp, pos: token.pos })
    operands.push(parsePrimary(cursor, depth + 1))
  }
  if (cursor.isWord('in') || cursor.isWord('not') || isRelationWord(cursor))
    cursor.failAt(cursor.peek(), `cannot chain \`${cursor.peek().text}\` after a comparison; use parentheses and \`and\``)
  return { kind: 'Compare', ops, operands, pos: ops[0]!.pos }
}

function parseMembership(cursor: TokenCursor, depth: number, element: SyntaxExpr): SyntaxExpr {
  const negated = cursor.isWord('not')
  const pos = cursor.peek().pos
  if (negated) cursor.next()
  cursor.next()
  const set = parsePrimary(cursor, depth + 1)
  if (isCompareOp(cursor) || cursor.isWord('in') || (cursor.isWord('not') && cursor.isWord('in', 1)) || isRelationWord(cursor))
    cursor.failAt(cursor.peek(), `cannot chain ${describeToken(cursor.peek())} after \`${negated ? 'not in' : 'in'}\`; use parentheses and \`and\``)
  return { kind: 'In', negated, element, set, pos }
}

// `a subset b`, `a superset b`, `a intersects b`, `a disjoint b`: one relation, no chains.
function parseRelation(cursor: TokenCursor, depth: number, left: SyntaxExpr): SyntaxExpr {
  const token = cursor.next()
  const op = token.text as SetRelationOp
  const right = parsePrimary(cursor, depth + 1)
  if (isCompareOp(cursor) || cursor.isWord('in') || (cursor.isWord('not') && cursor.isWord('in', 1)) || isRelationWord(cursor))
    cursor.failAt(cursor.peek(), `cannot chain ${describeToken(cursor.peek())} after \`${op}\`; use parentheses and \`and\``)
  return { kind: 'Relation', op, left, right, pos: token.pos }
}

function isRelationWord(cursor: TokenCursor): boolean {
  const token = cursor.peek()
  return token.kind === 'Word' && (SET_RELATION_OPS as readonly string[]).includes(token.text)
}

function parsePrimary(cursor: TokenCursor, depth: number): SyntaxExpr {
  checkDepth(cursor.peek().pos, depth)
  const token = cursor.peek()
  if (token.kind === 'String' || token.kind === 'Int') {
    cursor.next()
    return { kind: token.kind, value: token.value, pos: token.pos } as SyntaxExpr
  }
  if (token.kind === 'Punct' && token.text === '(') {
    cursor.next()
    const inner = parseOr(cursor, depth + 1)
    if (!cursor.isPunct(')')) cursor.failAt(cursor.peek(), `expected \`)\` to close the \`(\` at line ${token.pos.line}, column ${token.pos.column}, found ${describeToken(cursor.peek())}`)
    cursor.next()
    return inner
  }
  if (token.kind === 'Punct' && token.text === '{') return parseSetLiteral(cursor)
  if (token.kind !== 'Word') cursor.failAt(token, `expected a value (a field like evidence.x, a string, a number, true or false), found ${describeToken(token)}`)
  cursor.next()
  if (token.text === 'true' || token.text === 'false') return { kind: 'Bool', value: token.text === 'true', pos: token.pos }
  if (token.text === 'intent' || token.text === 'evidence') {
    cursor.expectPunct('.', `after \`${token.text}\` (fields are written \`${token.text}.name\`)`)
    const name = cursor.expectWord(`a field name after \`${token.text}.\``)
    return { kind: 'Field', scope: token.text, name: name.text, pos: token.pos }
  }
  if (['and', 'or', 'not', 'in', ...SET_RELATION_OPS].includes(token.text)) cursor.failAt(token, `expected a value before \`${token.text}\``)
  return { kind: 'Word', text: token.text, pos: token.pos }
}

function parseSetLiteral(cursor: TokenCursor): SyntaxExpr {
  const open = cursor.next()
  const elements: SyntaxSetElement[] = []
  while (!cursor.isPunct('}')) {
    const token = cursor.peek()
    if (token.kind === 'String' || token.kind === 'Int') {
      if (elements.length === SET_LITERAL_ELEMENTS_MAX)
        cursor.failAt(token, `set literal has more than ${SET_LITERAL_ELEMENTS_MAX} elements (the limit)`)
      elements.push({ kind: token.kind, value: token.value, pos: token.pos } as SyntaxSetElement)
      cursor.next()
    } else if (token.kind === 'Word' && (token.text === 'true' || token.text === 'false')) {
      cursor.failAt(token, 'sets hold strings or ints, not bools')
    } else if (token.kind === 'End') {
      fail(cursor.afterPrevious(), `missing \`}\` to close the set literal at line ${open.pos.line}, column ${open.pos.column}`)
    } else {
      cursor.failAt(token, `set literal elements are string or int literals, found ${describeToken(token)}`)
    }
    if (cursor.isPunct(',')) cursor.next()
    else if (!cursor.isPunct('}')) cursor.failAt(cursor.peek(), `expected \`,\` or \`}\` in set literal, found ${describeToken(cursor.peek())}`)
  }
  cursor.next()
  return { kind: 'SetLiteral', elements, pos: open.pos }
}

function isCompareOp(cursor: TokenCursor): boolean {
  const token = cursor.peek()
  return token.kind === 'Punct' && COMPARE_OPS.has(token.text)
}

function checkDepth(pos: Position, depth: number): void {
  if (depth > EXPRESSION_DEPTH_MAX) fail(pos, `expression nests deeper than ${EXPRESSION_DEPTH_MAX} levels (the limit)`)
}
