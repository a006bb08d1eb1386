import { decodeInputFields } from '@verity/core'
import { compileTemplate, evaluateTemplate, formatTemplate, payableShape, templateId, type CompiledTemplate } from '@verity/policy'
import type { Command } from '../Command.ts'
import { readJsonFile, readTextFile } from '../readJsonFile.ts'
import { UsageError } from '../UsageError.ts'

// `verity template check|fmt|id|eval` work offline on a source file; `push` talks to an orchestrator
// (see templatePush.ts). Compile errors print as `FILE:LINE:COLUMN: message` and exit 1.

function compileFile(path: string): CompiledTemplate {
  return compileTemplate(readTextFile(path, 'template'))
}

export const templateCheckCommand: Command = {
  path: ['template', 'check'],
  summary: 'compile a template source file and report errors with line:column',
  usage: 'verity template check FILE',
  positionals: [1, 1],
  async run({ positionals, out }) {
    const compiled = withLocation(positionals[0]!, () => compileFile(positionals[0]!))
    const id = templateId(compiled)
    const payable = payableShape(compiled)
    const problems = payable.isPayable ? [] : payable.problems
    const agentsRule = payable.isPayable ? `\n${PAYABLE_AGENTS_RULE}` : ''
    out.result(`ok: ${compiled.name} (template id ${id})${payableText(compiled, problems)}${agentsRule}`, {
      ok: true,
      name: compiled.name,
      template_id: id,
      payable: payable.isPayable,
      payable_problems: problems,
      ...(payable.isPayable ? { agents_required: true } : {}),
    })
    return 0
  },
}

/** Every intent of a payable template names its agents (docs/protocol.md, "Agent-bound intents"). */
const PAYABLE_AGENTS_RULE =
  'agents: its intents must name their agents (verity intent create --agent KEY): whoever proposes chooses what is bought, ' +
  'so the orchestrator refuses a payable intent that names none (PAYABLE_INTENT_UNBOUND)'

/**
 * The payable line: shown for a payable template, and for one that declares a payment field of its
 * own (payment_token, payment_deadline_ms, payee, payee_token) but misses others (the author meant it to pay).
 */
function payableText(compiled: CompiledTemplate, problems: readonly string[]): string {
  if (problems.length === 0) return '\npayable: a proof of it authorizes one payment of evidence.price_cents of intent.payment_token to evidence.payee'
  const names = [...compiled.intent, ...compiled.evidence].map((field) => field.name)
  if (!names.some((name) => ['payment_token', 'payment_deadline_ms', 'payee', 'payee_token'].includes(name))) return ''
  return `\nnot payable:\n  ${problems.join('\n  ')}`
}

export const templateFmtCommand: Command = {
  path: ['template', 'fmt'],
  summary: 'print a template in canonical form (the text GET /templates/{id} returns)',
  usage: 'verity template fmt FILE',
  positionals: [1, 1],
  async run({ positionals, out }) {
    const text = formatTemplate(withLocation(positionals[0]!, () => compileFile(positionals[0]!)))
    out.result(text.replace(/\n$/, ''), { text })
    return 0
  },
}

export const templateIdCommand: Command = {
  path: ['template', 'id'],
  summary: 'print the template id: base58(SHA-256(compiled bytes))',
  usage: 'verity template id FILE',
  positionals: [1, 1],
  async run({ positionals, out }) {
    const id = templateId(withLocation(positionals[0]!, () => compileFile(positionals[0]!)))
    out.result(id, { template_id: id })
    return 0
  },
}

export const templateEvalCommand: Command = {
  path: ['template', 'eval'],
  summary: 'evaluate a template against intent attrs and evidence JSON files, showing failed constraints',
  usage: 'verity template eval FILE --attrs ATTRS.json --evidence EVIDENCE.json',
  options: { attrs: { type: 'string' }, evidence: { type: 'string' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const compiled = withLocation(positionals[0]!, () => compileFile(positionals[0]!))
    const attrs = typeof values.attrs === 'string' ? fieldsOf(readJsonFile(values.attrs, 'attrs'), 'attrs') : {}
    if (typeof values.evidence !== 'string') throw new UsageError('--evidence FILE is required')
    const evidence = fieldsOf(readJsonFile(values.evidence, 'evidence'), 'evidence')
    const result = evaluateTemplate(compiled, attrs, evidence)
    if (result.ok) {
      out.result('pass: every constraint holds', { ok: true, constraint_failures: [] })
      return 0
    }
    const lines = result.failures.map((f) => `  [${f.index}] ${f.pretty_expr}\n      ${f.reason}`)
    out.result(`fail: ${result.failures.length} constraint(s) failed\n${lines.join('\n')}`, { ok: false, constraint_failures: result.failures })
    return 1
  },
}

// Accepts either an InputMap `{"fields": {...}}` or a plain object of fields.
function fieldsOf(json: unknown, title: string) {
  const fields = typeof json === 'object' && json !== null && 'fields' in json && Object.keys(json).length === 1 ? (json as { fields: unknown }).fields : json
  return decodeInputFields(fields, title)
}

function withLocation<T>(path: string, compile: () => T): T {
  try {
    return compile()
  } catch (error) {
    if (error instanceof Error && 'line' in error && 'column' in error && 'reason' in error)
      error.message = `${path}:${String(error.line)}:${String(error.column)}: ${String(error.reason)}`
    throw error
  }
}
