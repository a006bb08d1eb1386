// A process that takes a data directory's lock and keeps it until killed (tests of lockDataDir only).
// argv: <dir> <name>. Prints `LOCKED <pid>` once it holds the lock, or `REFUSED <code>` and exits 1.
import { lockDataDir } from '../dataDirLock/lockDataDir.ts'

const [dir, name] = process.argv.slice(2)
try {
  lockDataDir({ dir: dir!, name: name! })
  process.stdout.write(`LOCKED ${process.pid}\n`)
  setInterval(() => undefined, 60_000)
} catch (error) {
  process.stdout.write(`REFUSED ${(error as { code?: string }).code} ${(error as Error).message}\n`)
  process.exit(1)
}
