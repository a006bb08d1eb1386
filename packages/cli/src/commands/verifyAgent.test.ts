// `verity verify` of an agent-bound intent's bundle (docs/protocol.md, "Agent-bound intents"): a
// real bundle (real signatures, attestation and policy proof) verifies and names its agent; without
// the agent's signature, or with it replaced, it is refused with the check that failed.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { canonicalJsonBytes, Ed25519Signer, intentDigestOf, signAgentProposal, stringifyJsonBigint } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { makeMandateBundle } from '../../../sdk/src/testing/makeMandateBundle.ts'
import { runCli } from '../runCli.ts'
import { commands } from './index.ts'

async function verify(bundle: unknown): Promise<{ code: number; json: any }> {
  const path = join(dir, `${Math.random()}.json`)
  writeFileSync(path, stringifyJsonBigint(bundle))
  let stdout = ''
  const code = await runCli(commands, ['verify', path, '--json'], new AbortController().signal, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => undefined },
  })
  return { code, json: JSON.parse(stdout) }
}

const dir = mkdtempSync(join(tmpdir(), 'verity-verify-agent-'))
let prover: Prover
let bundle: Record<string, any>
const agent = Ed25519Signer.generate()

before(async () => {
  prover = createProver({ threads: 1 })
  const [user, extractor, store] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  bundle = await makeMandateBundle({ prover, user, extractor, payee: `${store.ownerId},1`, priceCents: 1999, agent })
})
after(async () => {
  await prover?.close()
  rmSync(dir, { recursive: true, force: true })
})

test("verity verify names the agent of an agent-bound bundle, and refuses one without its signature or with another's", async () => {
  const good = await verify(bundle)
  assert.equal(good.code, 0, JSON.stringify(good.json))
  assert.deepEqual(good.json.agent, { owner_id: agent.ownerId, orchestrator: 'http://127.0.0.1:8080' })

  const { agent_authorization: authorization, ...stripped } = bundle
  const missing = await verify(stripped)
  assert.equal(missing.code, 1)
  assert.equal(missing.json.check, 'agent-signature-missing')
  assert.match(missing.json.reason, /the intent names its agents, but the bundle carries no agent_authorization/)

  // A stranger's signature over the very same binding: not a named agent's.
  const binding = { action: 'proposal' as const, orchestrator: authorization.orchestrator, intentId: bundle.signed_intent.payload.id, intentDigest: intentDigestOf(canonicalJsonBytes(bundle.signed_intent.payload)), ...bundle.proposal }
  const replaced = await verify({ ...bundle, agent_authorization: signAgentProposal(Ed25519Signer.generate(), binding) })
  assert.equal(replaced.code, 1)
  assert.equal(replaced.json.check, 'agent-signature')
  const altered = await verify({ ...bundle, agent_authorization: { ...authorization, orchestrator: 'http://127.0.0.1:9' } })
  assert.equal(altered.json.check, 'agent-signature')
})
