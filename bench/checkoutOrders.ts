// Checkout (issue 36): proposal → paid order at the demo store, through the whole path an agent
// drives (checkoutWithIntent: open a session, propose it, wait for the proof, complete it with
// AP2 mandates; the store evaluates the Verity constraint, its domain applies the mandate payment,
// then it places the order), beside proposal → success of the same proposals. On the devnet stack
// (startStack with the demo store), in process. Concurrency 1: p50 of each span; concurrency 8:
// orders per second beside proofs per second over the same run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { agentKeyOfSigner, Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { checkoutWithIntent, DomainClient, OrchestratorClient, signIntent } from '@verity/sdk'
import { startStack } from '../packages/cli/src/services/startStack.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { epochMs, median } from './lib/stats.ts'

export type CheckoutOrdersResult = {
  /** Concurrency 1: proposal → paid order, and proposal → success of the same proposals, p50 in ms. */
  orderP50Ms: number
  successP50Ms: number
  serial: number
  /** Concurrency 8: orders per second, and proofs (successes) per second over the same window. */
  ordersPerSecond: number
  successesPerSecond: number
  concurrent: number
  failures: string[]
}

const TEMPLATE = readFileSync(new URL('../packages/policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const CONCURRENCY = 8
const DESTINATION = { street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }

export async function measureCheckoutOrders(settings: BenchSettings): Promise<CheckoutOrdersResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-checkout-'))
  const stack = await startStack({ dataDir: join(dir, 'devnet'), ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'warn' })
  try {
    const user = Ed25519Signer.generate()
    const issuer = Ed25519Signer.fromKeyFile(stack.devnetDollar.keyPath)
    const mint = signVerifiable(issuer, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation: { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited: [{ address: formatAddress(user.ownerId, 1), amount: 100_000_000n }] } } })
    await new DomainClient(stack.domain.url).execute([jsonValue(mint) as never])
    const orchestrator = new OrchestratorClient(stack.orchestrator.url)
    const templateId = await orchestrator.submitTemplate(TEMPLATE)
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5000, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 86_400_000, allowed_payees: [stack.store!.payee.address] }
    const failures: string[] = []
    /** One purchase: the ms from the proposal to the proof and to the order, or undefined when it failed. */
    const buy = async (): Promise<{ proposedAtMs: number; provenAtMs: number; orderedAtMs: number } | undefined> => {
      const intentId = randomUUID()
      // Every payable intent names its agent, which proposes the checkout and signs the mandates.
      const agent = Ed25519Signer.generate()
      await orchestrator.submitIntent(signIntent({ id: intentId, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] }))
      const marks: Record<string, number> = {}
      try {
        await checkoutWithIntent({
          business: stack.store!.url,
          orchestrator,
          intentId,
          items: [{ id: 'tee-classic-white-m', quantity: 1 }],
          buyer: { email: 'bench@example.com' },
          destination: DESTINATION,
          agent,
          onProgress: (step) => {
            if (step.startsWith('proposing')) marks.proposed = epochMs()
            if (step.startsWith('completing')) marks.proven = epochMs()
          },
        })
      } catch (error) {
        failures.push((error as Error).message.slice(0, 200))
        return undefined
      }
      return { proposedAtMs: marks.proposed!, provenAtMs: marks.proven!, orderedAtMs: epochMs() }
    }
    await buy() // warm-up: the store's profile, the prover's circuits, the store's verifier
    const serial: { proposedAtMs: number; provenAtMs: number; orderedAtMs: number }[] = []
    for (let index = 0; index < settings.checkoutOrdersSerial; index++) {
      const bought = await buy()
      if (bought) serial.push(bought)
    }
    const startMs = epochMs()
    const concurrent: { provenAtMs: number; orderedAtMs: number }[] = []
    let next = 0
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < settings.checkoutOrdersConcurrent) {
        next += 1
        const bought = await buy()
        if (bought) concurrent.push(bought)
      }
    }))
    const lastOrderMs = Math.max(...concurrent.map((entry) => entry.orderedAtMs))
    const lastProofMs = Math.max(...concurrent.map((entry) => entry.provenAtMs))
    return {
      orderP50Ms: median(serial.map((entry) => entry.orderedAtMs - entry.proposedAtMs)),
      successP50Ms: median(serial.map((entry) => entry.provenAtMs - entry.proposedAtMs)),
      serial: serial.length,
      ordersPerSecond: concurrent.length / ((lastOrderMs - startMs) / 1_000),
      successesPerSecond: concurrent.length / ((lastProofMs - startMs) / 1_000),
      concurrent: concurrent.length,
      failures,
    }
  } finally {
    await stack.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
