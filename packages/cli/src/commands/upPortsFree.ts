import { createServer } from 'node:net'
import { VerityError } from '@verity/core'

/** A port `verity up` would listen on is taken: refused before any service starts, naming the flag that moves it. */
export class PortTakenError extends VerityError {
  readonly code = 'PORT_TAKEN'
  constructor(readonly fields: { host: string; port: number; flag: string; service: string; reason: string }) {
    super(
      `the ${fields.service} cannot listen on ${fields.host}:${fields.port} (${fields.reason}): ` +
        `pick another port with ${fields.flag} N (0: any free port), or stop what listens there (another verity up?)`,
    )
  }
}

export type UpPort = { service: string; flag: string; host: string; port: number }

/**
 * Tries each fixed port of `verity up` (port 0 picks a free one and is skipped) before anything
 * starts, so a taken port is one line naming its `--…-port` flag rather than a failed start.
 */
export async function checkUpPortsFree(ports: readonly UpPort[]): Promise<void> {
  for (const entry of ports) {
    if (entry.port === 0) continue
    const reason = await listenFailure(entry.host, entry.port)
    if (reason !== undefined) throw new PortTakenError({ ...entry, reason })
  }
}

function listenFailure(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)))
  })
}
