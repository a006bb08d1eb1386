import { writeFileSync } from 'node:fs'
import { assertMandateSigner, issueOpenCheckoutMandate, loadSigner, OrchestratorClient, verityIntentConstraintOf } from '@verity/sdk'
import type { Command } from '../Command.ts'
import { clientToken } from '../clientToken.ts'
import { ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { UsageError } from '../UsageError.ts'

// `verity mandate open INTENT_ID`: the user's open AP2 Checkout Mandate whose constraint is the
// intent (docs/ap2-verity-constraint.md), bound to an agent's key: what an agent (the MCP tool
// `checkout`, `verity checkout --open-mandate`) completes a checkout with, without the user's key.

const BASE58_KEY = /^[1-9A-HJ-NP-Za-km-z]{43,44}$/

export const mandateOpenCommand: Command = {
  path: ['mandate', 'open'],
  summary: "issue the user's open AP2 Checkout Mandate for an intent, bound to an agent's key",
  usage: 'verity mandate open INTENT_ID --key USER_KEY --agent AGENT_KEY_FILE|AGENT_PUBLIC_KEY [--lifetime SECONDS] [--out FILE] [--orchestrator URL]',
  optionHelp: {
    key: "the intent's signer (its key file)",
    agent: "the agent's key file, or its base58 Ed25519 public key",
    lifetime: 'seconds until the mandate expires (default 3600, at most 604800)',
    out: 'write the mandate to FILE (mode 0600) instead of printing it',
  },
  options: { ...ORCHESTRATOR_OPTION, key: { type: 'string' }, agent: { type: 'string' }, lifetime: { type: 'string' }, out: { type: 'string' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    if (typeof values.key !== 'string' || typeof values.agent !== 'string') throw new UsageError('--key USER_KEY and --agent AGENT are needed')
    const lifetime = values.lifetime === undefined ? undefined : Number(values.lifetime)
    if (lifetime !== undefined && (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > 604_800)) throw new UsageError('--lifetime: whole seconds from 1 to 604800')
    const agent = BASE58_KEY.test(values.agent) ? undefined : loadSigner(values.agent)
    const agentPublicKey = agent?.publicKeyBase58 ?? values.agent
    const user = loadSigner(values.key)
    // Before anything is read or signed: the user key, the agent's and the intent's signer must be Ed25519 keys (MANDATE_SIGNER_UNSUPPORTED).
    assertMandateSigner({ user, ...(agent === undefined ? {} : { agent }) })
    const base = orchestratorUrl(values)
    const signedIntent = await new OrchestratorClient(base, { token: clientToken() }).getIntent(positionals[0]!)
    assertMandateSigner({ signedIntent })
    const mandate = await issueOpenCheckoutMandate({ user, agentPublicKey, constraint: verityIntentConstraintOf(signedIntent, base), ...(lifetime === undefined ? {} : { lifetimeSeconds: lifetime }) })
    if (typeof values.out === 'string') {
      writeFileSync(values.out, `${mandate}\n`, { mode: 0o600 })
      out.result(`wrote the open Checkout Mandate of intent ${positionals[0]} for agent ${agentPublicKey} to ${values.out}`, { intent_id: positionals[0], agent: agentPublicKey, out: values.out })
    } else out.result(mandate, { intent_id: positionals[0], agent: agentPublicKey, open_mandate: mandate })
    return 0
  },
}
