import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Ed25519Signer } from '@verity/core'
import { createPolicyProving, startOrchestrator, type PolicyProving, type RunningOrchestrator } from '@verity/orchestrator'
import { failureContextOf, formatEvent } from '../formatEvent.ts'
import { OrchestratorClient } from '@verity/sdk'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const TEMPLATE = `name sealed_cli_guard
intent {
  max_price_cents: int
  colors: optional set<string>
}
evidence {
  price_cents: int
  color: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  optional: evidence.color in intent.colors;
}
`

const verity = runCliCaptured

describe('verity intent create --sealed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-sealed-'))
  const key = join(dir, 'key.json')
  const dataDirBefore = process.env.VERITY_DATA_DIR
  let orchestrator: RunningOrchestrator
  let proving: PolicyProving

  before(async () => {
    Ed25519Signer.generate().toKeyFile(key)
    process.env.VERITY_DATA_DIR = join(dir, 'data')
    proving = createPolicyProving({ threads: 1 })
    // No warm-up (the prover's workers start with the first proof); the embedded extractor's demo catalog.
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'orchestrator'), logLevel: 'silent', proving: { ...proving, warmUp: async () => {} } })
  })
  after(async () => {
    await orchestrator?.close()
    await proving?.close()
    if (dataDirBefore === undefined) delete process.env.VERITY_DATA_DIR
    else process.env.VERITY_DATA_DIR = dataDirBefore
    rmSync(dir, { recursive: true, force: true })
  })

  test('signs commitments, keeps the opening in a 0600 file, and explains a failure with its values', async () => {
    const templateFile = join(dir, 't.template')
    writeFileSync(templateFile, TEMPLATE)
    const templateId = (await verity('template', 'push', templateFile, '--orchestrator', orchestrator.url)).stdout.trim()
    const created = await verity('intent', 'create', '--template', templateId, '--key', key, '--attr', 'max_price_cents=2345', '--attr', 'colors=["Teal","Ochre"]', '--sealed', '--orchestrator', orchestrator.url, '--json')
    assert.equal(created.code, 0, created.stderr)
    const result = JSON.parse(created.stdout) as { intent_id: string; intent: Record<string, any>; opening_file: string }
    assert.deepEqual(Object.keys(result.intent.intent.sealed.commitments).sort(), ['policy', 'policy_medium', 'policy_sets', 'policy_small'])
    assert.doesNotMatch(created.stdout, standaloneToken(2345))
    assert.doesNotMatch(created.stdout, /Teal|Ochre/)
    assert.equal(result.opening_file, join(dir, 'data', 'openings', `${result.intent_id}.json`))
    assert.equal(statSync(result.opening_file).mode & 0o777, 0o600)
    assert.match(readFileSync(result.opening_file, 'utf8'), /2345/)

    // The text form prints the id alone on stdout (S=$(verity intent create --sealed …)); the opening's path goes to stderr.
    const text = await verity('intent', 'create', '--template', templateId, '--key', key, '--attr', 'max_price_cents=2345', '--attr', 'colors=["Teal"]', '--sealed', '--orchestrator', orchestrator.url)
    assert.equal(text.code, 0, text.stderr)
    assert.match(text.stdout, /^[0-9a-f-]{36}\n$/)
    assert.equal(text.stderr, `opening (attrs + salt, keep it private): ${join(dir, 'data', 'openings', `${text.stdout.trim()}.json`)}\n`)

    const shown = await verity('intent', 'show', result.intent_id, '--orchestrator', orchestrator.url)
    assert.equal(shown.code, 0, shown.stderr)
    assert.doesNotMatch(shown.stdout, standaloneToken(2345))
    assert.doesNotMatch(shown.stdout, /Teal|Ochre|opening/)

    // The failure event of a sealed intent withholds values; this CLI holds the opening and shows them.
    const failure = {
      id: '7',
      type: 'failure',
      data: {
        intent_id: result.intent_id,
        reason: 'Constraint[0] failed: …',
        evidence: { price_cents: 2400, color: 'Teal' },
        constraint_failures: [{ index: 0, pretty_expr: 'evidence.price_cents <= intent.max_price_cents', reason: 'evidence.price_cents <= intent.max_price_cents evaluated to false (values withheld: the intent is sealed)' }],
      },
    }
    assert.match(formatEvent(failure as never), /\n {4}1\. evidence\.price_cents <= intent\.max_price_cents evaluated to false \(evidence\.price_cents = 2400, intent\.max_price_cents = 2345\)$/)
    // In words, money as money, from the opening's template and values (what propose --wait and events print).
    const context = await failureContextOf(new OrchestratorClient(orchestrator.url), failure as never)
    assert.match(formatEvent(failure as never, context), /\n {4}1\. Price: \$24\.00, above your \$23\.45 cap$/)
    const stranger = { ...failure, data: { ...failure.data, intent_id: '00000000-0000-4000-8000-000000000000' } }
    assert.match(formatEvent(stranger as never), /values withheld/)
  })

  test('end to end: a sealed intent proves, its proof verifies without the attrs, and a failure shows its values to its creator only', async () => {
    const clothing = readFileSync(new URL('../../../policy/examples/clothing.template', import.meta.url), 'utf8')
    const templateFile = join(dir, 'clothing.template')
    writeFileSync(templateFile, clothing)
    const templateId = (await verity('template', 'push', templateFile, '--orchestrator', orchestrator.url)).stdout.trim()
    const attrs = (max: number) => ['--attr', 'acceptable_categories=["t-shirt","polo"]', '--attr', 'size=M', '--attr', 'audience=unisex', '--attr', `max_price_cents=${max}`, '--attr', 'acceptable_colors=["White"]']
    const create = async (max: number) => {
      const created = await verity('intent', 'create', '--template', templateId, '--key', key, ...attrs(max), '--sealed', '--orchestrator', orchestrator.url, '--json')
      assert.equal(created.code, 0, created.stderr)
      return (JSON.parse(created.stdout) as { intent_id: string }).intent_id
    }
    const proofFile = join(dir, 'sealed-proof.json')
    const proposed = await verity('propose', await create(2500), '--solution', 'catalog:tee-classic-white-m', '--wait', '--proof-out', proofFile, '--orchestrator', orchestrator.url)
    assert.equal(proposed.code, 0, proposed.stderr + proposed.stdout)
    assert.doesNotMatch(readFileSync(proofFile, 'utf8'), standaloneToken(2500))
    assert.doesNotMatch(readFileSync(proofFile, 'utf8'), /polo/)
    const verified = await verity('verify', proofFile, '--json')
    assert.equal(verified.code, 0, verified.stderr + verified.stdout)
    const statement = JSON.parse(verified.stdout) as { attrs: Record<string, unknown>; sealed?: { tier: string; commitment: string } }
    assert.deepEqual(statement.attrs, {})
    assert.match(statement.sealed?.commitment ?? '', /^0x[0-9a-f]{64}$/)

    // Too cheap a maximum: the event withholds the values; this CLI, which holds the opening, shows them.
    const cheap = await create(100)
    const failed = await verity('propose', cheap, '--solution', 'catalog:tee-classic-white-m', '--wait', '--orchestrator', orchestrator.url)
    assert.equal(failed.code, 1)
    assert.match(failed.stdout, /\n {4}1\. Price: \$\d+\.\d\d, above your \$1\.00 cap$/m)
    // A sealed intent that names no agents answers no dry run: propose says so and sends it unchecked.
    assert.match(failed.stderr, /note: intent .* is sealed and names no agents, so it answers no dry run; proposing unchecked/)
    const status = await verity('intent', 'show', cheap, '--orchestrator', orchestrator.url)
    assert.doesNotMatch(status.stdout, /max_price_cents/)
  })

  test('--disclose and --opening-out go with --sealed', async () => {
    const usage = await verity('intent', 'create', '--template', 't', '--key', key, '--disclose', 'max_price_cents', '--orchestrator', orchestrator.url)
    assert.equal(usage.code, 2)
    assert.match(usage.stderr, /--disclose and --opening-out go with --sealed/)
  })
})
