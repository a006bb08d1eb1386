import { Type } from 'typebox'
import { HashDigest } from '../encodings.ts'
import { AgentAuthorization } from './intentAgents.ts'
import { Proposal } from './proposal.ts'
import { SignedIntent } from './signedIntent.ts'

/** A proof artifact (docs/proofs.md): everything a verifier needs to know what it checks. */
export const ProofArtifact = Type.Object({
  system: Type.String({
    description:
      'the proof system and its version: "ultrahonk-zk/bb5" (or "ultrahonk-keccak-zk/bb5" for EVM verifiers); ' +
      'a verifier refuses other systems, naming them (e.g. "ultrahonk", bb.js 0.82.2, no longer accepted)',
  }),
  circuit: Type.String(),
  circuit_hash: Type.String(),
  crs: Type.Union([Type.Literal('ignition'), Type.Literal('dev')], { description: 'always "ignition" (Aztec\'s Ignition CRS); "dev" artifacts of old versions are refused' }),
  public_inputs: Type.Array(Type.String()),
  proof: Type.String({ description: 'base64 of the proof bytes' }),
})

/** GET /proofs/{intent_id}: everything an offline verifier needs (docs/orchestrator.md, "Proof format"). */
export const ProofBundle = Type.Object({
  signed_intent: SignedIntent,
  proposal: Proposal,
  agent_authorization: Type.Optional(
    Type.Union([AgentAuthorization], { description: "our extension: the named agent's signature over the proposal, present when the intent names agents (docs/protocol.md)" }),
  ),
  evidence: Type.Record(Type.String(), Type.Unknown(), { description: 'the evidence the proof commits to (plain JSON)' }),
  proof: Type.Object(
    {
      artifact: ProofArtifact,
      salt: Type.Optional(Type.Union([Type.String(), Type.Integer()], { description: 'salt of the evidence commitment (default 0)' })),
    },
    { description: 'the proof artifact and the salt of the evidence commitment' },
  ),
  template: Type.Union(
    [
      Type.Object({
        id: HashDigest,
        source: Type.String(),
        compiled_base64url: Type.String({ description: 'canonical compiled bytes; id = base58(SHA-256(bytes))' }),
      }),
      Type.Null(),
    ],
    { description: 'the template proven against; null when it was deleted since (the verifier then needs its own copy)' },
  ),
})
