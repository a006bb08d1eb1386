import type { CompiledTemplate, Constraint, FieldDecl, Schema } from '../ast/CompiledTemplate.ts'
import type { FieldScope } from '../ast/Expr.ts'
import { CONSTRAINTS_MAX, SCHEMA_FIELDS_MAX } from '../limits.ts'
import type { SyntaxBlock, SyntaxConstraint, SyntaxDecl, SyntaxTemplate } from '../syntax/SyntaxTree.ts'
import { fail } from '../syntax/TokenCursor.ts'
import { checkBool, type CheckContext } from './checkExpression.ts'

/** Resolves names and checks types and structure of a parsed template. */
export function checkTemplate(syntax: SyntaxTemplate): CompiledTemplate {
  if (syntax.evidence === undefined)
    fail(syntax.endPos, 'missing `evidence { }` block: declare the evidence fields the constraints check')
  if (syntax.requires === undefined)
    fail(syntax.endPos, 'missing `requires { }` block: a template needs at least one constraint')
  const intent = checkSchema(syntax.intent, 'intent')
  const evidence = checkSchema(syntax.evidence, 'evidence')
  if (evidence.length === 0) fail(syntax.evidence.pos, '`evidence` block is empty: declare at least one field')
  const schemas = { intent: new Map(intent.map((decl) => [decl.name, decl])), evidence: new Map(evidence.map((decl) => [decl.name, decl])) }
  const requires = checkConstraints(syntax.requires, schemas)
  return { name: syntax.name, intent, evidence, requires }
}

function checkSchema(block: SyntaxBlock<SyntaxDecl> | undefined, scope: FieldScope): Schema {
  if (block === undefined) return []
  const seen = new Map<string, SyntaxDecl>()
  for (const decl of block.items) {
    const first = seen.get(decl.name)
    if (first !== undefined) fail(decl.pos, `duplicate field \`${decl.name}\` in \`${scope}\` (first declared at line ${first.pos.line})`)
    if (decl.isOptional && scope === 'evidence')
      fail(decl.pos, '`optional` fields are allowed only in `intent`; evidence fields are always required')
    if (seen.size === SCHEMA_FIELDS_MAX) fail(decl.pos, `\`${scope}\` declares more than ${SCHEMA_FIELDS_MAX} fields (the limit)`)
    seen.set(decl.name, decl)
  }
  const decls: FieldDecl[] = block.items.map((decl) => ({ name: decl.name, type: decl.type, isOptional: decl.isOptional }))
  return decls.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

function checkConstraints(
  block: SyntaxBlock<SyntaxConstraint>,
  schemas: CheckContext['schemas'],
): Constraint[] {
  if (block.items.length === 0) fail(block.pos, '`requires` block is empty: write at least one constraint ending with `;`')
  if (block.items.length > CONSTRAINTS_MAX)
    fail(block.items[CONSTRAINTS_MAX]!.pos, `\`requires\` has more than ${CONSTRAINTS_MAX} constraints (the limit)`)
  return block.items.map((syntax) => {
    const context: CheckContext = { schemas, optionalRefs: new Map(), nodeCount: 0 }
    const expr = checkBool(syntax.expr, context, 'a constraint')
    const guardFields = [...context.optionalRefs.keys()].sort()
    if (syntax.isOptional && guardFields.length === 0)
      fail(syntax.pos, '`optional:` has no effect here: the constraint references no optional intent field')
    if (!syntax.isOptional && guardFields.length > 0) {
      const [name, pos] = [...context.optionalRefs][0]!
      fail(pos, `\`intent.${name}\` is optional; prefix the constraint with \`optional:\` so it applies only when the field is present`)
    }
    return { isOptional: syntax.isOptional, guardFields, expr }
  })
}
