// @verity/core and @verity/prover use node's global `Buffer` in a few places (concatenating
// bytes, hex). The page provides the `buffer` package's implementation before they load: this
// module is the first import of the entry (src/app/main.tsx).
import { Buffer } from 'buffer'

;(globalThis as { Buffer?: unknown }).Buffer ??= Buffer
