// Browser stand-in for @verity/prover's backend/bbWasmPath.ts: bb.js's browser build carries its
// own wasm, so no path is given (vite.config.ts aliases the file here).
export const BB_WASM_PATH: string | undefined = undefined
