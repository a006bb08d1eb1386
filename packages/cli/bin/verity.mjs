#!/usr/bin/env node
// The `verity` command. The project runs its TypeScript sources directly (no separate build
// step for users), so this shim registers tsx's loader before loading the CLI.
import { register } from 'tsx/esm/api'
register()
await import('../src/main.ts')
