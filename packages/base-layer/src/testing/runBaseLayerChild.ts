// Runs a base-layer node in a child process for the kill -9 test: startBaseLayer with this
// process's arguments, then prints `{"url": ...}` on one line once it listens.
import { startBaseLayer } from '../startBaseLayer.ts'

const running = await startBaseLayer({ argv: process.argv.slice(2), env: { ...process.env, VERITY_LOG_LEVEL: 'silent' } })
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`)
