import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { startStore, type RunningStore } from '@verity/store'
import { startStack, type RunningStack } from './startStack.ts'

// The devnet's extractors (the standalone one and the orchestrator's embedded one) may fetch the
// demo store and the addresses `storefrontPrivateAddressesAllowed` adds, and no other loopback
// address: two more UCP businesses on 127.0.0.1, one allowed, one not.

const PRICE_TEMPLATE = 'name ucp_price\nintent { max_price_cents: int }\nevidence { price_cents: int }\nrequires { evidence.price_cents <= intent.max_price_cents; }\n'

const TOKEN_TEMPLATE = 'name ucp_token\nintent { payment_token: string }\nevidence { payee_token: string }\nrequires { evidence.payee_token == intent.payment_token; }\n'

let dir: string
let allowed: RunningStore
let other: RunningStore
let stack: RunningStack

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-stack-ucp-'))
  allowed = await startStore({ port: 0, payeeKeyFile: join(dir, 'allowed.json'), stateDir: join(dir, 'allowed-state'), logLevel: 'silent' })
  other = await startStore({ port: 0, payeeKeyFile: join(dir, 'other.json'), stateDir: join(dir, 'other-state'), logLevel: 'silent' })
  stack = await startStack({
    dataDir: join(dir, 'devnet'),
    ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 },
    store: true,
    storefrontPrivateAddressesAllowed: [allowed.address],
    logLevel: 'silent',
  })
})

after(async () => {
  await stack?.close()
  await allowed?.close()
  await other?.close()
  rmSync(dir, { recursive: true, force: true })
})

test('the demo store and the allowed business are resolved by both extractors; another loopback business is refused', { timeout: 300_000 }, async () => {
  assert.match(stack.store!.address, /^127\.0\.0\.1:\d+$/)
  const orchestrator = new OrchestratorClient(stack.orchestrator.url)
  const templateId = await orchestrator.submitTemplate(PRICE_TEMPLATE)
  const id = randomUUID()
  await orchestrator.submitIntent(signIntent({ id, templateId, fields: { max_price_cents: 2500 }, signer: Ed25519Signer.generate() }))
  const proposal = (business: string) => ({ solution: 'tee-classic-white-m', metadata: { business } })

  for (const business of [stack.store!.url, allowed.url]) {
    const check = await orchestrator.checkProposal(id, proposal(business))
    assert.deepEqual(check, { ok: true, evidence: { price_cents: 1999 } }, business)
    const reply = await fetch(`${stack.extractor.url}/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ intent_id: id, template_id: templateId, ...proposal(business), schema: { price_cents: 'int' } }),
    })
    assert.equal(reply.status, 200, business)
  }

  const refused = await orchestrator.checkProposal(id, proposal(other.url))
  assert.equal(refused.ok, false)
  assert.match(refused.reason ?? '', new RegExp(`port ${other.url.split(':').pop()} is not allowed`))
  const standalone = await fetch(`${stack.extractor.url}/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ intent_id: id, template_id: templateId, ...proposal(other.url), schema: { price_cents: 'int' } }),
  })
  assert.equal(standalone.status, 422)
  assert.equal(((await standalone.json()) as { code: string }).code, 'STOREFRONT_PORT_REFUSED')
})

test('the demo store accepts the Devnet Dollar, whose issuer key the devnet keeps; a standalone store accepts native', { timeout: 300_000 }, async () => {
  const issuer = Ed25519Signer.fromKeyFile(stack.devnetDollar.keyPath)
  assert.equal(stack.devnetDollar.keyPath, join(dir, 'devnet', 'keys', 'devnet-dollar.json'))
  assert.equal(stack.devnetDollar.token, formatAddress(issuer.ownerId, 1))
  const tokenOf = async (url: string) => {
    const profile = (await (await fetch(`${url}/.well-known/ucp`)).json()) as { ucp: { payment_handlers: Record<string, Array<{ config: { token: string } }>> } }
    return profile.ucp.payment_handlers['dev.verity.domain']![0]!.config.token
  }
  assert.equal(await tokenOf(stack.store!.url), stack.devnetDollar.token)
  assert.equal(await tokenOf(allowed.url), 'native')
  // The extractor attests the token the store accepts as evidence.payee_token.
  const orchestrator = new OrchestratorClient(stack.orchestrator.url)
  const templateId = await orchestrator.submitTemplate(TOKEN_TEMPLATE)
  const id = randomUUID()
  await orchestrator.submitIntent(signIntent({ id, templateId, fields: { payment_token: stack.devnetDollar.token }, signer: Ed25519Signer.generate() }))
  const check = await orchestrator.checkProposal(id, { solution: 'tee-classic-white-m', metadata: { business: stack.store!.url } })
  assert.deepEqual(check, { ok: true, evidence: { payee_token: stack.devnetDollar.token } })
  const elsewhere = await orchestrator.checkProposal(id, { solution: 'tee-classic-white-m', metadata: { business: allowed.url } })
  assert.equal(elsewhere.ok, false)
})
