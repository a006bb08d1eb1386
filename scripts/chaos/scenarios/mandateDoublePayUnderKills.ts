// Concurrent double pay under domain kills: for each proven intent, 20 submissions of its one
// proof bundle race while the domain is killed (kill -9) at a random moment and restarted on the
// same data directory, then the bundle is sent again until the domain answers. An intent pays
// exactly once: at most one submission is acknowledged, the payee's balance grows by exactly the
// sum of the prices, the payer's shrinks by it, GET /payments lists each intent once, and a last
// submission of every bundle is refused with MANDATE_ALREADY_PAID.
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createProver } from '@verity/prover'
import { mandatePaymentOf } from '@verity/sdk'
import { freePorts } from '../../../packages/cli/src/testing/freePorts.ts'
import { makeMandateBundle } from '../../../packages/sdk/src/testing/makeMandateBundle.ts'
import type { ChaosScenario } from '../ChaosScenario.ts'
import { writeDomainYaml } from '../lib/domainFixture.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'

const SHARD = 1
const FUNDS = 1_000_000n
/** Attempts to get an answer for a bundle after a restart (each waits for the domain to come back). */
const RESUBMIT_ATTEMPTS_MAX = 20

export const mandateDoublePayUnderKills: ChaosScenario = {
  name: 'mandate-double-pay-under-kills',
  promise: 'a proven intent pays exactly once: 20 concurrent submissions of its bundle across a kill -9 of the domain apply one payment, acknowledged at most once',
  budgetMs: (settings) => settings.mandateDoublePay.budgetMs,
  async run(context) {
    const { intents, submissionsPerIntent, killAfterMsMax } = context.settings.mandateDoublePay
    const [user, store, extractor, minter] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
    const token = formatAddress(minter.ownerId, SHARD)
    const payee = formatAddress(store.ownerId, SHARD)
    const prover = createProver({ threads: 1 })
    const bundles: Array<Record<string, unknown>> = []
    try {
      for (let i = 0; i < intents; i++) bundles.push(await makeMandateBundle({ prover, user, extractor, payee, priceCents: 100 + i, token }))
    } finally {
      await prover.close()
    }
    const dir = context.makeTempDir('domain')
    const [port] = await freePorts(1)
    const configPath = writeDomainYaml(dir, { shard: SHARD, port: port!, trustedExtractorKeys: [extractor.publicKeyBase58] })
    const start = () => context.startService({ kind: 'domain', args: ['--config', configPath] })
    let service = await start()
    const client = new ServiceClient(service.url, context.authHeaders)
    const mint = signVerifiable(minter, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'Chaos', symbol: 'CHS' }, credited: [{ address: formatAddress(user.ownerId, SHARD), amount: FUNDS }] } } })
    await client.postOk('/intents/execute', [jsonValue(mint)])
    const random = seededRandom(context.seed)
    const body = (bundle: unknown) => [jsonValue({ MandatePayment: mandatePaymentOf(bundle) })]
    let acknowledged = 0
    for (const bundle of bundles) {
      context.deadline.check()
      const racing = Array.from({ length: submissionsPerIntent }, () => client.post('/intents/execute', body(bundle)).catch(() => ({ status: 0, json: undefined, text: '' })))
      await sleep(random(killAfterMsMax))
      await service.killHard()
      context.figures.add('domain kills')
      const answers = await Promise.all(racing)
      const oks = answers.filter((answer) => answer.status === 200).length
      assert.ok(oks <= 1, `${oks} submissions of one bundle were acknowledged`)
      for (const answer of answers) assert.ok([0, 200, 409].includes(answer.status), `unexpected answer ${answer.status}: ${answer.text.slice(0, 300)}`)
      context.figures.add('racing submissions acknowledged', oks)
      context.figures.add('racing submissions cut by the kill', answers.filter((answer) => answer.status === 0).length)
      service = await start()
      const settled = await answerOf(client, body(bundle))
      assert.ok(settled === 200 || settled === 409, `after the restart the bundle answered ${settled}`)
      // Paid exactly once overall: a 200 now means nothing was applied before the kill.
      if (settled === 200) assert.equal(oks, 0, 'a bundle acknowledged before the kill was applied again after it')
      acknowledged += settled === 200 ? 1 : oks
    }
    const prices = bundles.reduce((sum, _, i) => sum + BigInt(100 + i), 0n)
    assert.equal(await balanceOf(client, store.ownerId, token), prices, 'the payee received each price exactly once')
    assert.equal(await balanceOf(client, user.ownerId, token), FUNDS - prices, 'the payer paid each price exactly once')
    const listed = (await client.getOk('/payments?limit=100')) as Array<{ intent_id: string }>
    assert.equal(listed.length, bundles.length, 'GET /payments lists each intent once')
    for (const bundle of bundles) {
      const again = await client.post('/intents/execute', body(bundle))
      assert.equal(again.status, 409, again.text)
      assert.equal(again.json?.code, 'MANDATE_ALREADY_PAID')
    }
    context.figures.set('intents paid', bundles.length)
    context.figures.set('payments acknowledged (≤ 1 per intent)', acknowledged)
  },
}

/** The status of one submission, retried while the restarted domain is not answering yet. */
async function answerOf(client: ServiceClient, body: unknown): Promise<number> {
  for (let attempt = 1; attempt <= RESUBMIT_ATTEMPTS_MAX; attempt++) {
    const reply = await client.post('/intents/execute', body).catch(() => undefined)
    if (reply !== undefined && reply.status !== 503) return reply.status
    await sleep(250)
  }
  throw new Error(`the domain did not answer a payment in ${RESUBMIT_ATTEMPTS_MAX} attempts after its restart`)
}

async function balanceOf(client: ServiceClient, ownerId: string, token: string): Promise<bigint> {
  const reply = await client.get(`/vaults/${ownerId}`)
  if (reply.status === 404) return 0n
  return BigInt(reply.json.data.TokenHoldings.fungibles[token] ?? 0)
}
