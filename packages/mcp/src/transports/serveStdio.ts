import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createToolDependencies } from '../createToolDependencies.ts'
import { createVerityMcpServer } from '../createVerityMcpServer.ts'
import type { VerityMcpOptions } from '../VerityMcpOptions.ts'

/**
 * Serves one MCP client over this process's stdin and stdout (what desktop agents launch) until
 * stdin closes or `signal` aborts. Nothing else may write to stdout: logs go to `log` (stderr).
 */
export async function serveStdio(options: VerityMcpOptions, signal: AbortSignal, log: (error: unknown) => void): Promise<void> {
  const { deps, close } = createToolDependencies(options)
  const server = createVerityMcpServer(deps, log)
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
    process.stdin.once('end', resolve)
    signal.addEventListener('abort', () => resolve(), { once: true })
  })
  try {
    await server.connect(transport)
    await closed
  } finally {
    await server.close().catch(log)
    await close()
  }
}
