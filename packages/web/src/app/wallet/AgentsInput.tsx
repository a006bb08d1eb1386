import { parseAgentInput } from './parseAgentInput.ts'

/** The agents that alone may propose: public keys pasted one per line (none: any agent that knows the intent id). */
export function AgentsInput({ text, onChange, needsAgent }: { text: string; onChange: (text: string) => void; needsAgent: boolean }) {
  const parsed = parseAgentInput(text)
  return (
    <section aria-labelledby="agents-title">
      <h2 id="agents-title">Who may propose</h2>
      <label for="agents">Agent public keys (one per line; leave empty to let any agent that knows the intent id propose)</label>
      <p class="muted" id="agents-hint">
        The public key that <code>verity keygen</code>, <code>verity address</code> or <code>verity mcp --key</code> prints beside the owner id (not the owner id).
      </p>
      <textarea id="agents" class="agents-input" rows={4} value={text} spellcheck={false} aria-describedby="agents-hint" onInput={(event) => onChange((event.target as HTMLTextAreaElement).value)} />
      {parsed.ok ? null : <p class="error" role="alert">{parsed.error}</p>}
      {parsed.ok && parsed.agents.length > 0 ? <p class="muted">Only {parsed.agents.length === 1 ? 'this agent' : `these ${parsed.agents.length} agents`} may propose: a proposal must carry its signature.</p> : null}
      {needsAgent && parsed.ok && parsed.agents.length === 0 ? (
        <p class="error" role="alert">
          This template pays: name your agent, so that nobody else can choose what is bought with your money, or where it ships (the orchestrator refuses a payable intent that names no agent).
        </p>
      ) : null}
    </section>
  )
}
