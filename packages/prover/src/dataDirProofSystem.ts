import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DataDirProofSystemError } from './errors/proverErrors.ts'
import { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM } from './ProofArtifact.ts'

/** The file in a service's data directory naming the proof system of the proofs stored there. */
export const PROOF_SYSTEM_MARKER_FILE = 'proof-system.json'

/** The proof system of a directory whose database predates the marker (0.1.0: bb.js 0.82.2). */
export const UNMARKED_DATA_DIR_PROOF_SYSTEM = 'ultrahonk'

/**
 * What a service's data directory holds: `new` (no database yet), `current` (the marker of this
 * proof system), `legacy` (a database of 0.1.0, before the marker: proofs of bb.js 0.82.2's
 * "ultrahonk", which `verity upgrade` converts), or `other` (a marker naming another system).
 */
export type DataDirProofSystemState = { kind: 'new' } | { kind: 'current' } | { kind: 'legacy' } | { kind: 'other'; found: string }

export function dataDirProofSystemState(dir: string, databaseFile: string): DataDirProofSystemState {
  const markerPath = join(dir, PROOF_SYSTEM_MARKER_FILE)
  if (existsSync(markerPath)) {
    let found: unknown
    try {
      found = (JSON.parse(readFileSync(markerPath, 'utf8')) as { proof_system?: unknown }).proof_system
    } catch {
      found = undefined
    }
    return found === PROOF_SYSTEM ? { kind: 'current' } : { kind: 'other', found: JSON.stringify(found ?? 'unreadable') }
  }
  return existsSync(join(dir, databaseFile)) ? { kind: 'legacy' } : { kind: 'new' }
}

/**
 * Claims a service's data directory for this proof system before its database (`databaseFile`, in
 * `dir`) is opened: a new directory gets the marker; one with the marker of this system is fine;
 * one whose database predates the marker (0.1.0: proofs of bb.js 0.82.2's "ultrahonk"; `verity
 * upgrade` brings it to this version) or whose marker names another system is refused with
 * DataDirProofSystemError, saying what to do.
 */
export function claimDataDirProofSystem(dir: string, databaseFile: string): void {
  const state = dataDirProofSystemState(dir, databaseFile)
  if (state.kind === 'current') return
  if (state.kind === 'other') throw new DataDirProofSystemError({ dir, found: state.found, expected: PROOF_SYSTEM })
  if (state.kind === 'legacy') {
    const legacy = UNMARKED_DATA_DIR_PROOF_SYSTEM
    throw new DataDirProofSystemError({ dir, found: `"${legacy}" (${LEGACY_PROOF_SYSTEMS[legacy]}; the directory has no ${PROOF_SYSTEM_MARKER_FILE})`, expected: PROOF_SYSTEM })
  }
  writeProofSystemMarker(dir)
}

/** Marks `dir` as holding proofs of this proof system (atomically: a crash leaves the old marker or the new one). */
export function writeProofSystemMarker(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const markerPath = join(dir, PROOF_SYSTEM_MARKER_FILE)
  const temporary = `${markerPath}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify({ proof_system: PROOF_SYSTEM })}\n`, { mode: 0o600 })
  renameSync(temporary, markerPath)
}
