import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { MalformedAgentKeyError } from '../errors/signatureErrors.ts'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { MultisigSigner } from '../signer/MultisigSigner.ts'
import { SoftwarePasskey } from '../signer/SoftwarePasskey.ts'
import { INTENT_AGENTS_MAX } from '../limits.ts'
import { agentKeyOfSigner, agentOwnerIdsOf } from './agentKeys.ts'
import { agentProposalBytes, checkAgentAuthorization, intentDigestOf, orchestratorOrigin, signAgentProposal, type AgentProposalBinding } from './agentProposal.ts'

const agent = Ed25519Signer.generate()
const stranger = Ed25519Signer.generate()
const binding: AgentProposalBinding = {
  action: 'proposal',
  orchestrator: 'http://127.0.0.1:8080',
  intentId: '00000000-0000-4000-8000-000000000001',
  intentDigest: intentDigestOf(new TextEncoder().encode('{"id":"…"}')),
  solution: 'catalog:shirt',
  metadata: { business: 'http://127.0.0.1:8095' },
}

describe('agent keys', () => {
  test('each scheme names its signer: the owner ids of Ed25519, Passkey and Multisig agents are their signers\'', () => {
    const passkey = SoftwarePasskey.generate()
    const multisig = new MultisigSigner({ members: [{ signer: agent, weight: 1 }, { signer: passkey, weight: 1 }], threshold: 2 })
    const signers = [agent, passkey, multisig]
    assert.deepEqual(agentOwnerIdsOf(signers.map(agentKeyOfSigner)), signers.map((s) => s.ownerId))
  })

  test('malformed lists are refused naming the entry', () => {
    assert.throws(() => agentOwnerIdsOf([]), MalformedAgentKeyError)
    assert.throws(() => agentOwnerIdsOf({}), /expected an array/)
    assert.throws(() => agentOwnerIdsOf([{ Ed25519: 'abc' }]), /agents\[0\]\.Ed25519/)
    assert.throws(() => agentOwnerIdsOf([{ Rsa: 'abc' }]), /unknown scheme "Rsa"/)
    assert.throws(() => agentOwnerIdsOf([agentKeyOfSigner(agent), agentKeyOfSigner(agent)]), /agents\[1\]: the same agent is named twice/)
    const many = Array.from({ length: INTENT_AGENTS_MAX + 1 }, () => agentKeyOfSigner(Ed25519Signer.generate()))
    assert.throws(() => agentOwnerIdsOf(many), /INTENT_AGENTS_MAX/)
  })
})

describe('agent proposal signatures', () => {
  const named = [agent.ownerId]

  test('the named agent\'s signature over this binding holds', () => {
    const authorization = signAgentProposal(agent, binding)
    assert.deepEqual(checkAgentAuthorization(authorization, binding, named), { ok: true, agentOwnerId: agent.ownerId })
  })

  test('a stranger, a missing or a malformed authorization is refused, each by kind', () => {
    const kind = (value: unknown) => {
      const result = checkAgentAuthorization(value, binding, named)
      return result.ok ? 'ok' : result.kind
    }
    assert.equal(kind(signAgentProposal(stranger, binding)), 'not-named')
    assert.equal(kind(undefined), 'missing')
    assert.equal(kind({ orchestrator: binding.orchestrator }), 'malformed')
    assert.equal(kind({ orchestrator: binding.orchestrator, signature: { Ed25519: { pub_key: 'x' } } }), 'malformed')
    assert.equal(kind({ ...signAgentProposal(agent, binding), extra: 1 }), 'malformed')
  })

  test('a signature replayed on another intent, proposal, action or orchestrator does not verify', () => {
    const authorization = signAgentProposal(agent, binding)
    const kind = (other: Partial<AgentProposalBinding>) => {
      const result = checkAgentAuthorization({ ...authorization, orchestrator: other.orchestrator ?? authorization.orchestrator }, { ...binding, ...other }, named)
      return result.ok ? 'ok' : result.kind
    }
    assert.equal(kind({}), 'ok')
    assert.equal(kind({ intentId: '00000000-0000-4000-8000-000000000002' }), 'invalid')
    assert.equal(kind({ intentDigest: intentDigestOf(new TextEncoder().encode('other')) }), 'invalid')
    assert.equal(kind({ solution: 'catalog:other' }), 'invalid')
    assert.equal(kind({ metadata: { business: 'http://evil.example' } }), 'invalid')
    assert.equal(kind({ action: 'check' }), 'invalid')
    assert.equal(kind({ orchestrator: 'http://127.0.0.1:9999' }), 'invalid')
  })

  test('the signed bytes are tagged JCS with every bound field', () => {
    const text = new TextDecoder().decode(agentProposalBytes(binding))
    assert.equal(
      text,
      `{"action":"proposal","intent_digest":"${binding.intentDigest}","intent_id":"${binding.intentId}","metadata":{"business":"http://127.0.0.1:8095"},"orchestrator":"http://127.0.0.1:8080","solution":"catalog:shirt","tag":"verity/agent-proposal/v1"}`,
    )
  })

  test('orchestratorOrigin drops the path and the default port; only http(s)', () => {
    assert.equal(orchestratorOrigin('HTTP://LocalHost:8080/x/'), 'http://localhost:8080')
    assert.equal(orchestratorOrigin('https://o.example:443/'), 'https://o.example')
    assert.throws(() => orchestratorOrigin('ftp://o.example/'), TypeError)
  })
})
