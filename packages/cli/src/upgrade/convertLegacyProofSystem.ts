// Issue 46, item 4: a service directory of 0.1.0 (proofs of bb.js 0.82.2's "ultrahonk", no
// proof-system.json) brought to this release's proof system before its service opens it. Balances,
// nonces, spent mandates, payments, intents, orders and finalized roots do not depend on the proof
// system and stay as they are; old proofs stay where they are, readable, each artifact naming its
// `system` ("ultrahonk"), and no verifier of this version takes one as valid. Work in flight: the
// domain's unsettled SDLs get today's witness (rewitnessDomainSdls, which runs on the database of any
// earlier release, 0.1.0 of 98593a9 too) or the upgrade is refused; an intent proven but not paid
// keeps its old proof, whose payment is refused by name (MANDATE_PROOF_SYSTEM_RETIRED). Only then
// is the directory marked for this proof system.
import { basename, join } from 'node:path'
import Database from 'better-sqlite3'
import { reproveLegacySdls } from '@verity/domain'
import { dataDirProofSystemState, PROOF_SYSTEM, UNMARKED_DATA_DIR_PROOF_SYSTEM, writeProofSystemMarker } from '@verity/prover'
import type { LegacyConversion, UpgradeTarget } from './UpgradeTarget.ts'

/**
 * Converts the database of `target` in `dir` when it is of 0.1.0 (and its service stores proofs),
 * then writes the directory's marker; returns what it did (nothing for a directory of this proof
 * system). Running it again after a crash finishes the work: each conversion is one transaction that
 * changes nothing the second time, and the marker is written last.
 */
export async function convertLegacyProofSystem(target: UpgradeTarget, dir: string, nowMs: number): Promise<string[]> {
  if (target.convertLegacy === undefined) return []
  const databasePath = join(dir, basename(target.path))
  if (dataDirProofSystemState(dir, basename(target.path)).kind !== 'legacy') return []
  const notes = await target.convertLegacy(databasePath, nowMs)
  writeProofSystemMarker(dir)
  return [`proofs of "${UNMARKED_DATA_DIR_PROOF_SYSTEM}" (0.1.0, bb.js 0.82.2) kept as history; new proofs are ${PROOF_SYSTEM}`, ...notes]
}

export const convertLegacyDomain: LegacyConversion = async (databasePath) => {
  const kept = groupBySystem(databasePath, 'SELECT hash AS id, proof FROM sdls WHERE proof IS NOT NULL ORDER BY seq', (proof) => (proof as { system?: unknown }[])[0]?.system)
  return kept.map(([system, hashes]) => `${hashes.length} SDL(s) keep their proofs of "${system}" (domain database, sdls.proof): ${hashes.join(', ')}`)
}

/**
 * Whatever release wrote the domain database (0.1.0 of ebc5c50 or of 98593a9): its unsettled SDLs
 * whose witness is of an earlier layout get today's (reproveLegacySdls), or the upgrade is refused
 * by name (UPGRADE_SDL_NOT_REPROVABLE). Runs before convertLegacyProofSystem, on every domain database.
 */
export const rewitnessDomainSdls: LegacyConversion = async (databasePath, nowMs) => {
  const reproved = await reproveLegacySdls(databasePath, nowMs)
  return reproved.map((sdl) => `SDL ${sdl.hash} (${sdl.stateBefore}, not settled): witness rebuilt for this version's circuit, now Submitted: prove and settle it (verity sdl prove / settle)`)
}

/** What upgrading `target`'s database in `dir` does before its service opens it: its SDLs re-witnessed (rewitnessSdls), then a 0.1.0 database converted (convertLegacyProofSystem). */
export async function convertDatabase(target: UpgradeTarget, dir: string, nowMs: number): Promise<string[]> {
  const rewitnessed = target.rewitnessSdls === undefined ? [] : await target.rewitnessSdls(join(dir, basename(target.path)), nowMs)
  return [...rewitnessed, ...(await convertLegacyProofSystem(target, dir, nowMs))]
}

export const convertLegacyOrchestrator: LegacyConversion = async (databasePath) => {
  const kept = groupBySystem(databasePath, 'SELECT intent_id AS id, proof_json AS proof FROM proofs ORDER BY created_at_ms, intent_id', (proof) => (proof as { artifact?: { system?: unknown } }).artifact?.system)
  return kept.map(([system, ids]) => `${ids.length} proven intent(s) keep their proof of "${system}" (GET /proofs/{id}): ${ids.join(', ')}; one not paid yet cannot pay (MANDATE_PROOF_SYSTEM_RETIRED)`)
}

/** The ids of the rows `sql` reads (`id`, `proof` as JSON text), grouped by the proof system `systemOf` finds in each proof. */
function groupBySystem(databasePath: string, sql: string, systemOf: (proof: unknown) => unknown): [system: string, ids: string[]][] {
  const db = new Database(databasePath, { readonly: true })
  try {
    const bySystem = new Map<string, string[]>()
    for (const row of db.prepare(sql).all() as { id: string; proof: string }[]) {
      const system = String(systemOf(JSON.parse(row.proof)) ?? 'unknown')
      bySystem.set(system, [...(bySystem.get(system) ?? []), row.id])
    }
    return [...bySystem]
  } finally {
    db.close()
  }
}

export const convertLegacyBaseLayer: LegacyConversion = async () => []
