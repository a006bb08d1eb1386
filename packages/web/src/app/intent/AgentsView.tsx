import { ownerIdOfAgentKey, type AgentKey } from '@verity/core'

/**
 * Who may propose: the agents the intent names, each by one name, its owner id (what the proof's
 * verification and the CLI's refusals call it), with the public key the user pasted beside it; or
 * anyone who knows the intent id.
 */
export function AgentsView({ agents }: { agents: readonly AgentKey[] | undefined }) {
  if (agents === undefined) return <p data-testid="agents">Any agent that knows the intent id may propose (no agent named).</p>
  return (
    <div data-testid="agents">
      <p>Only {agents.length === 1 ? 'this agent' : 'these agents'} may propose (a proposal must carry its signature):</p>
      <ul class="agents">
        {agents.map((agent, index) => (
          <li key={index}>
            agent <code data-testid="agent-owner-id">{agentOwnerId(agent)}</code> <span class="muted">({keyWords(agent)})</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** An agent's owner id, the one name the page gives it; `?` for a key that has none. */
export function agentOwnerId(agent: AgentKey): string {
  try {
    return ownerIdOfAgentKey(agent, 'agent')
  } catch {
    return '?'
  }
}

function keyWords(agent: AgentKey): string {
  const [scheme, key] = Object.entries(agent)[0] ?? ['?', '']
  if (typeof key === 'string') return `${scheme} public key ${key}`
  return `${scheme} of ${(key as { signers?: unknown[] }).signers?.length ?? '?'} keys`
}
