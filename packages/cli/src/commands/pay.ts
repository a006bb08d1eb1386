import { readFileSync } from 'node:fs'
import { parseJsonBigint } from '@verity/core'
import { DomainClient, OrchestratorClient, TokenDirectory, formatAmount, payMandate, type TokenInfo } from '@verity/sdk'
import type { Command } from '../Command.ts'
import { clientToken } from '../clientToken.ts'
import { DOMAIN_OPTION, domainUrl, ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { UsageError } from '../UsageError.ts'
import { IntentNotProvenError } from '../IntentNotProvenError.ts'

// `verity pay INTENT_ID`: the payment a proven intent authorizes (docs/domain.md, "Mandate
// payments"). The proof bundle is the authorization: no key is needed, and paying twice is refused.

export const payCommand: Command = {
  path: ['pay'],
  summary: 'pay what a proven intent of a payable template authorizes: its proven price, to its proven payee, once',
  usage: 'verity pay INTENT_ID [--orchestrator URL] [--domain URL] [--proof FILE]',
  optionHelp: {
    proof: 'the proof bundle (from `verity proof get`) instead of fetching it from the orchestrator',
  },
  options: { ...ORCHESTRATOR_OPTION, ...DOMAIN_OPTION, proof: { type: 'string' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const intentId = positionals[0]!
    const bundle = typeof values.proof === 'string' ? readBundle(values.proof) : await fetchBundle(orchestratorUrl(values), intentId)
    const domain = new DomainClient(domainUrl(values), { token: clientToken() })
    const { payment } = await payMandate(domain, bundle)
    // Paid: a token whose name cannot be read now is shown in minor units, not as a failure.
    const token = await new TokenDirectory(domain).describe(payment.token).catch(() => undefined)
    out.result(`paid ${formatAmount(payment.amount, token)} (${payment.amount}) from ${payment.debited} to ${payment.credited} (intent ${intentId}; ${describeToken(payment.token, token)}); it settles with the next SDL (verity sdl submit, prove, settle)`, {
      intent_id: intentId,
      debited: payment.debited,
      credited: payment.credited,
      token: payment.token,
      amount: payment.amount,
    })
    return 0
  },
}

/** A token by name beside its id: `token Devnet Dollar D5pw…,1`. */
function describeToken(tokenId: string, token: TokenInfo | undefined): string {
  return token === undefined ? `token ${tokenId}` : `token ${token.name} ${tokenId}`
}

/** The bundle of a succeeded intent; a clear failure for an intent that has none (yet). */
async function fetchBundle(url: string, intentId: string): Promise<unknown> {
  const orchestrator = new OrchestratorClient(url, { token: clientToken() })
  const status = await orchestrator.getIntentStatus(intentId)
  if (status !== 'success') throw new IntentNotProvenError({ intentId, status })
  return orchestrator.getProof(intentId)
}

function readBundle(path: string): unknown {
  try {
    return parseJsonBigint(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new UsageError(`--proof ${path}: ${(error as Error).message}`)
  }
}
