import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The pages reuse @verity/core, @verity/policy, @verity/ledger's slot keys, the SDK's
// verifyProofBundle and verifyFinalizedVault and @verity/prover's policy encoding and Poseidon2 as
// they are. Six aliases make them run in a browser (src/browser/): node's
// crypto and assert (both entries) become small adapters over @noble/curves and @noble/hashes, and the
// packages' entry points become browser entries that leave out what reads files or starts
// threads. bb.js resolves to its own browser build (the package's `browser` export).
export default defineConfig({
  plugins: [preact()],
  resolve: {
    alias: [
      { find: /^node:crypto$/, replacement: here('./src/browser/nodeCrypto.ts') },
      { find: /^node:assert\/strict$/, replacement: here('./src/browser/nodeAssert.ts') },
      { find: /^node:assert$/, replacement: here('./src/browser/nodeAssert.ts') },
      { find: /^@verity\/core$/, replacement: here('../core/src/browser.ts') },
      { find: /^@verity\/prover$/, replacement: here('./src/browser/proverForBrowser.ts') },
      { find: /^\.\.\/backend\/bbWasmPath\.ts$/, replacement: here('./src/browser/bbWasmPath.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 5000,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
})
