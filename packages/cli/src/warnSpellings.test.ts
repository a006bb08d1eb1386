// `verity intent create` warns, before it signs, about a value the business spells no way (issue
// 44 item 1: "a value no business spells that way, where the template's evidence vocabulary is
// known"): the demo store sells sizes as "Medium (M)", so `size=M` would make every proposal from
// it fail. A warning on stderr, not a refusal; the intent is created. A real orchestrator and the
// demo store; no proofs.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { OrchestratorClient, readBusinessVocabulary, UcpBusinessClient } from '@verity/sdk'
import { startStore, type RunningStore } from '@verity/store'
import { runCliCaptured } from './testing/runCliCaptured.ts'

const TEMPLATE = readFileSync(new URL('../../policy/examples/clothing.template', import.meta.url), 'utf8')

describe('spellings of the business, before signing', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-spellings-'))
  const key = join(dir, 'user.json')
  let orchestrator: RunningOrchestrator
  let store: RunningStore
  let templateId: string
  const create = (attrs: string[], business: string) =>
    runCliCaptured(...['intent', 'create', '--template', templateId, '--key', key, '--orchestrator', orchestrator.url, '--business', business, ...attrs.flatMap((attr) => ['--attr', attr])])
  const ATTRS = ['acceptable_categories=["t-shirt"]', 'audience=unisex', 'max_price_cents=2500']

  before(async () => {
    Ed25519Signer.generate().toKeyFile(key)
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'orchestrator'), logLevel: 'silent' })
    store = await startStore({ port: 0, payeeKeyFile: join(dir, 'store.json'), stateDir: join(dir, 'store-state'), logLevel: 'silent' })
    templateId = await new OrchestratorClient(orchestrator.url).submitTemplate(TEMPLATE)
  })
  after(async () => {
    await store?.close()
    await orchestrator?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test("the business's catalog gives each evidence field's spellings", async () => {
    const vocabulary = await readBusinessVocabulary(new UcpBusinessClient(store.url), ['size', 'color', 'category', 'unknown_field'])
    assert.ok(vocabulary.get('size')!.includes('Medium (M)'))
    assert.ok(vocabulary.get('color')!.includes('White'))
    assert.ok(vocabulary.get('category')!.includes('t-shirt'))
    assert.equal(vocabulary.has('unknown_field'), false, 'a field the catalog never names is unknown, not empty')
  })

  test('size=M is warned about, naming the spelling and the flag; the intent is still created', async () => {
    const run = await create([...ATTRS, 'size=M'], store.url)
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^[0-9a-f-]{36}\n$/)
    assert.match(run.stderr, new RegExp(`^warning: size "M": ${store.url} spells no size that way, so a proposal from it would fail; did you mean "Medium \\(M\\)"\\? \\(it has "Medium \\(M\\)", .*\\): fix --attr size=… unless another business will propose$`, 'm'))
  })

  test('values as the business spells them pass without a word; an unreachable business is noted', async () => {
    const spelled = await create([...ATTRS, 'size=Medium (M)'], store.url)
    assert.deepEqual([spelled.code, spelled.stderr], [0, ''])
    const unreachable = await create([...ATTRS, 'size=M'], 'http://127.0.0.1:9')
    assert.equal(unreachable.code, 0)
    assert.match(unreachable.stderr, /^note: could not read how http:\/\/127\.0\.0\.1:9 spells values \(.*\); not checked$/m)
  })
})
