// Runs the store from its sources (no build): the same options as `verity store` (flags or
// VERITY_STORE_* variables). Prints `store: listening on <url>` once it answers; stops on SIGINT/SIGTERM.
// node --conditions=verity-source --import tsx packages/store/scripts/serveStore.ts --port 0 --conformance --simulation-secret S
import { readStoreOptions, startStore } from '../src/index.ts'

const store = await startStore(readStoreOptions(process.argv.slice(2), process.env))
process.stdout.write(`store: listening on ${store.url}\n`)
let isClosing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isClosing) return
    isClosing = true
    void store.close().then(() => process.exit(0), () => process.exit(1))
  })
}
