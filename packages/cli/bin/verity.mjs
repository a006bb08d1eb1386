#!/usr/bin/env node
// The `verity` command. It runs the built JavaScript (dist/, `npm run build`). Inside the monorepo,
// when Node resolves with the `verity-source` condition (scripts/test.mjs sets it for every process
// of a test run), it runs the TypeScript sources through tsx instead (docs/releasing.md).
import { existsSync } from 'node:fs'

const SOURCE_CONDITION = 'verity-source'
const nodeFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
const fromSource = nodeFlags.some((flag) => flag.includes(`conditions=${SOURCE_CONDITION}`)) || nodeFlags.includes(SOURCE_CONDITION)
const built = new URL('../dist/main.js', import.meta.url)

if (fromSource) {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/main.ts')
} else if (existsSync(built)) {
  await import(built.href)
} else {
  process.stderr.write('verity: the CLI is not built (dist/main.js is missing); run `npm run build` in the repository\n')
  process.exit(1)
}
