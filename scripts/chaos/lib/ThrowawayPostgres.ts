// A PostgreSQL cluster of the suite's own, so it can be crashed and restarted without touching the
// machine's shared server: `initdb` into a temp dir, run as the `postgres` user (the server refuses
// to run as root), listening on 127.0.0.1 only, on a free port. `crash()` is `pg_ctl stop -m
// immediate` (every server process quits at once, no checkpoint: the next start replays the WAL,
// as after a power cut); `start()` brings it back on the same port.
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePorts } from '../../../packages/cli/src/testing/freePorts.ts'
import { guardWithStop } from './exitGuard.ts'

const run = promisify(execFile)
/** Longest wait of pg_ctl for the server to start or stop, in seconds. */
const PG_CTL_WAIT_S = 60
const POSTGRES_USER = 'postgres'

export class ThrowawayPostgresUnavailableError extends Error {
  override readonly name = 'ThrowawayPostgresUnavailableError'
  constructor(readonly reason: string) {
    super(`cannot run a throwaway PostgreSQL cluster here: ${reason}`)
  }
}

export class ThrowawayPostgres {
  #forgetGuard = () => {}
  private constructor(readonly dataDir: string, readonly port: number, readonly binDir: string) {}

  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication, loopback only). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`
  }

  /** Creates and starts a cluster in `parentDir/pgdata` (parentDir is handed to the postgres user). */
  static async create(parentDir: string): Promise<ThrowawayPostgres> {
    const binDir = findBinDir()
    const [port] = await freePorts(1)
    chownSync(parentDir, Number((await run('id', ['-u', POSTGRES_USER])).stdout.trim()), Number((await run('id', ['-g', POSTGRES_USER])).stdout.trim()))
    const cluster = new ThrowawayPostgres(join(parentDir, 'pgdata'), port!, binDir)
    await cluster.#asPostgres('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', POSTGRES_USER, '--no-sync'])
    // Stopped even if the suite's process dies before its clean-up runs.
    const guard = guardWithStop(cluster.dataDir, () =>
      execFileSync('runuser', ['-u', POSTGRES_USER, '--', join(binDir, 'pg_ctl'), '-D', cluster.dataDir, '-m', 'immediate', 'stop'], { stdio: 'ignore', timeout: 10_000 }),
    )
    cluster.#forgetGuard = () => guard.forget()
    await cluster.start()
    return cluster
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dataDir} -c fsync=on -c synchronous_commit=on`
    await this.#asPostgres('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.dataDir, 'server.log'), '-w', '-t', String(PG_CTL_WAIT_S), 'start'])
  }

  /** Every server process quits at once, without a checkpoint (crash recovery on the next start). */
  async crash(): Promise<void> {
    await this.#asPostgres('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', String(PG_CTL_WAIT_S), 'stop'])
  }

  /** Stops the server (fast shutdown); no error when it is not running. */
  async stop(): Promise<void> {
    this.#forgetGuard()
    if (!existsSync(join(this.dataDir, 'postmaster.pid'))) return
    await this.#asPostgres('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', String(PG_CTL_WAIT_S), 'stop']).catch(() => undefined)
  }

  async #asPostgres(program: string, args: string[]): Promise<void> {
    try {
      await run('runuser', ['-u', POSTGRES_USER, '--', join(this.binDir, program), ...args], { timeout: (PG_CTL_WAIT_S + 30) * 1_000 })
    } catch (error) {
      const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string }
      throw new ThrowawayPostgresUnavailableError(`${program} failed: ${(stderr || stdout || message).trim().slice(0, 500)}`)
    }
  }
}

function findBinDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))) : []
  if (versions.length === 0) throw new ThrowawayPostgresUnavailableError(`no ${root}/<version>/bin/initdb`)
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin')
}
