// Child process: fastify with one empty JSON route (GET /), the HTTP ceiling of this machine.
import Fastify from 'fastify'
import { runChild, tellParent } from '../lib/childSide.ts'

runChild(async () => {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({}))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address() as { port: number }
  tellParent({ type: 'ready', url: `http://127.0.0.1:${address.port}` })
  return { close: () => app.close() }
})
