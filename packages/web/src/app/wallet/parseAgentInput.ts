import { decodeBase58, isVerityError, ownerIdOfAgentKey, agentOwnerIdsOf, type AgentKey } from '@verity/core'
import { isEd25519PublicKey } from '../../../../sdk/src/keys/isEd25519PublicKey.ts'

/** What the agents box holds: the agents, or the first line that is not one. */
export type AgentInput = { ok: true; agents: AgentKey[] } | { ok: false; error: string }

/**
 * The agents the user names (docs/protocol.md, "Agent-bound intents"), one per line: a base58
 * public key (32 bytes: Ed25519; 33 or 65: a P-256 passkey key) or an agent key JSON
 * (`{"Ed25519": …}`, `{"Passkey": …}`, `{"Multisig": {signers, threshold}}`); 32 bytes that are no
 * Ed25519 point are refused as an owner id. Blank lines are skipped;
 * no line at all means any agent may propose.
 */
export function parseAgentInput(text: string): AgentInput {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '')
  const agents: AgentKey[] = []
  for (const [index, line] of lines.entries()) {
    try {
      agents.push(agentKeyOfLine(line))
    } catch (error) {
      const reason = isVerityError(error) || error instanceof SyntaxError ? error.message : String(error)
      return { ok: false, error: `agent ${index + 1}: ${reason}` }
    }
  }
  if (agents.length === 0) return { ok: true, agents }
  try {
    agentOwnerIdsOf(agents, 'agents')
  } catch (error) {
    return { ok: false, error: isVerityError(error) ? error.message : String(error) }
  }
  return { ok: true, agents }
}

function agentKeyOfLine(line: string): AgentKey {
  if (line.startsWith('{')) {
    const key = JSON.parse(line) as AgentKey
    ownerIdOfAgentKey(key, 'agent')
    return key
  }
  const bytes = decodeBase58(line, 'agent public key', [32, 33, 65])
  if (bytes.length !== 32) return { Passkey: line }
  // An owner id is 32 base58 bytes too; about half of them are no Ed25519 point (AGENT_KEY_IS_OWNER_ID in the CLI).
  if (!isEd25519PublicKey(bytes)) throw new SyntaxError(`${line} is an owner id, not a public key: paste the public key that verity keygen, verity address or verity mcp --key prints beside it`)
  return { Ed25519: line }
}
