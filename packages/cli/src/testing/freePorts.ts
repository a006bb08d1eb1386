import { createServer, type Server } from 'node:net'

/**
 * Returns `count` distinct TCP ports that were free a moment ago: binds each to port 0 on
 * 127.0.0.1, reads the port the system chose, then releases them all.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = []
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer()
      servers.push(server)
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
    }
    return servers.map((server) => (server.address() as { port: number }).port)
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  }
}
