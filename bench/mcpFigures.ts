// The MCP server's figures: what a tool call adds over the plain SDK call it wraps.
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

/** The project's goal for the MCP server (issue 19): a tool call adds at most this much at p50. */
export const MCP_OVERHEAD_P50_MS_MAX = 2

export function mcpFigures(results: BenchResults): Figure[] {
  const section = 'MCP server'
  const goalText = `≤ ${MCP_OVERHEAD_P50_MS_MAX} ms over the SDK call`
  const base = { section, unit: 'ms' }
  const mcp = results.mcp
  if (!mcp) {
    if (results.errors.mcp === undefined) return []
    return [missingFigure({ ...base, id: 'mcp.stdio.overhead.p50', name: 'check_solution tool call overhead, stdio, p50', goal: { text: goalText, pass: null } }, results.errors.mcp)]
  }
  const limit = { name: 'OrchestratorClient.checkProposal p50', value: mcp.sdkP50Ms, unit: 'ms' }
  const note = (p50: number, p95: number) => `tool call p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; SDK call p50 ${mcp.sdkP50Ms.toFixed(2)} ms, p95 ${mcp.sdkP95Ms.toFixed(2)} ms; ${mcp.calls} calls each`
  const overhead = (p50: number) => p50 - mcp.sdkP50Ms
  return [
    figure({
      ...base,
      id: 'mcp.stdio.overhead.p50',
      name: 'check_solution tool call overhead, stdio, p50',
      value: overhead(mcp.stdioP50Ms),
      limit,
      goal: { text: goalText, pass: overhead(mcp.stdioP50Ms) <= MCP_OVERHEAD_P50_MS_MAX },
      note: note(mcp.stdioP50Ms, mcp.stdioP95Ms),
    }),
    figure({
      ...base,
      id: 'mcp.http.overhead.p50',
      name: 'check_solution tool call overhead, Streamable HTTP, p50',
      value: overhead(mcp.httpP50Ms),
      limit,
      goal: { text: goalText, pass: overhead(mcp.httpP50Ms) <= MCP_OVERHEAD_P50_MS_MAX },
      note: note(mcp.httpP50Ms, mcp.httpP95Ms),
    }),
    figure({
      ...base,
      id: 'mcp.memory.overhead.p50',
      name: "check_solution tool call overhead, server's own (in-memory link), p50",
      value: overhead(mcp.inMemoryP50Ms),
      limit,
      goal: { text: goalText, pass: overhead(mcp.inMemoryP50Ms) <= MCP_OVERHEAD_P50_MS_MAX },
      note: note(mcp.inMemoryP50Ms, mcp.inMemoryP95Ms),
    }),
  ]
}
