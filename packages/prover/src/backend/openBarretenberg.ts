import { execFileSync } from 'node:child_process'
import { Barretenberg, BackendType, findBbBinary } from '@aztec/bb.js'
import { BB_WASM_PATH } from './bbWasmPath.ts'

/**
 * Which Barretenberg runs the proofs: 'native', the `bb` binary @aztec/bb.js ships for this
 * platform (Linux and macOS, x64 and arm64), spoken to over a Unix socket; or 'wasm', its
 * WebAssembly build in this process (browsers, and machines where the binary cannot run).
 */
export type BackendKind = 'native' | 'wasm'
/** What a prover is asked to use: 'auto' picks native when its binary runs here, else wasm. */
export type BackendChoice = BackendKind | 'auto'

let nativeProbe: { ok: true; path: string } | { ok: false; reason: string } | undefined

/**
 * Whether the native `bb` of @aztec/bb.js can run on this machine: the binary exists for this
 * platform and `bb --version` exits 0 within 10 s (a missing library, another libc or a
 * non-executable file fail here, once per process, not in the middle of a proof).
 */
export function probeNativeBb(): { ok: true; path: string } | { ok: false; reason: string } {
  if (nativeProbe) return nativeProbe
  const path = findBbBinary()
  if (!path) return (nativeProbe = { ok: false, reason: `no bb binary for ${process.platform}-${process.arch} in @aztec/bb.js` })
  try {
    execFileSync(path, ['--version'], { stdio: 'ignore', timeout: 10_000 })
    nativeProbe = { ok: true, path }
  } catch (error) {
    nativeProbe = { ok: false, reason: `${path} does not run here: ${error instanceof Error ? error.message : String(error)}` }
  }
  return nativeProbe
}

/** The backend a choice resolves to on this machine ('auto': native when it runs, else wasm). */
export function resolveBackend(choice: BackendChoice = 'auto'): { kind: BackendKind; reason: string } {
  if (choice === 'wasm') return { kind: 'wasm', reason: 'wasm requested' }
  const probe = probeNativeBb()
  if (probe.ok) return { kind: 'native', reason: `native bb at ${probe.path}` }
  if (choice === 'native') throw new Error(`native Barretenberg requested, but ${probe.reason}`)
  return { kind: 'wasm', reason: `wasm, because ${probe.reason}` }
}

/**
 * Starts one Barretenberg of the given kind, explicitly (no fallback inside bb.js, and no CRS or
 * download on start: the caller gives it the Ignition points with srsInitSrs).
 */
export async function openBarretenberg(kind: BackendKind, threads: number): Promise<Barretenberg> {
  if (kind === 'native') {
    const probe = probeNativeBb()
    if (!probe.ok) throw new Error(probe.reason)
    return Barretenberg.new({ backend: BackendType.NativeUnixSocket, bbPath: probe.path, threads })
  }
  return Barretenberg.new({ backend: BackendType.Wasm, threads, wasmPath: BB_WASM_PATH, skipSrsInit: true })
}
