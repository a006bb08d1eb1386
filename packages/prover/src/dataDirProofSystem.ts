import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DataDirProofSystemError } from './errors/proverErrors.ts'
import { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM } from './ProofArtifact.ts'

/** The file in a service's data directory naming the proof system of the proofs stored there. */
export const PROOF_SYSTEM_MARKER_FILE = 'proof-system.json'

/**
 * Claims a service's data directory for this proof system before its database (`databaseFile`, in
 * `dir`) is opened: a new directory gets the marker; one with the marker of this system is fine;
 * one whose database predates the marker (an older devnet: proofs of bb.js 0.82.2's "ultrahonk") or
 * whose marker names another system is refused with DataDirProofSystemError, saying what to do.
 */
export function claimDataDirProofSystem(dir: string, databaseFile: string): void {
  const markerPath = join(dir, PROOF_SYSTEM_MARKER_FILE)
  if (existsSync(markerPath)) {
    let found: unknown
    try {
      found = (JSON.parse(readFileSync(markerPath, 'utf8')) as { proof_system?: unknown }).proof_system
    } catch {
      found = undefined
    }
    if (found === PROOF_SYSTEM) return
    throw new DataDirProofSystemError({ dir, found: JSON.stringify(found ?? 'unreadable'), expected: PROOF_SYSTEM })
  }
  if (existsSync(join(dir, databaseFile))) {
    const legacy = Object.keys(LEGACY_PROOF_SYSTEMS)[0]!
    throw new DataDirProofSystemError({ dir, found: `"${legacy}" (${LEGACY_PROOF_SYSTEMS[legacy]}; the directory has no ${PROOF_SYSTEM_MARKER_FILE})`, expected: PROOF_SYSTEM })
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const temporary = `${markerPath}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify({ proof_system: PROOF_SYSTEM })}\n`, { mode: 0o600 })
  renameSync(temporary, markerPath)
}
