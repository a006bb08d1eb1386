// Child process: a domain for shard 1 with its SQLite store and an embedded in-process base layer
// (no rpc_url) in the given directory, on loopback. argv[2]: the directory; argv[3]: prover workers
// (one bb.js thread each; default or "": one worker with the machine's threads); argv[4]: extractor keys
// trusted for mandate payments, comma-separated (default none).
import { join } from 'node:path'
import { startDomain } from '@verity/domain'
import { runChild, tellParent } from '../lib/childSide.ts'
import { BENCH_SHARD } from '../lib/benchSettings.ts'

runChild(async () => {
  const dir = process.argv[2]
  if (dir === undefined) throw new Error('usage: domainService.ts <dir>')
  const domain = await startDomain({
    config: {
      shard: BENCH_SHARD,
      keypairPath: join(dir, 'operator_key.json'),
      apiPort: 0,
      apiHost: '127.0.0.1',
      dataDir: join(dir, 'data'),
      guardrails: [],
      prover: process.argv[3] === undefined || process.argv[3] === '' ? {} : { workers: Number(process.argv[3]), threads: 1 },
      creditsPullIntervalMs: 0,
      ...(process.argv[4] === undefined ? {} : { mandates: { trustedExtractorKeys: process.argv[4].split(','), deadlineGraceMs: 0 } }),
    },
    logLevel: 'warn',
  })
  tellParent({ type: 'ready', url: domain.url, storePath: join(dir, 'data', 'domain.sqlite') })
  return domain
})
