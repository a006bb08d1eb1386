import { copyFileSync, existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { VERITY_VERSION } from '@verity/core'
import { backupSqliteFile, lockDataDir } from '@verity/postgres'
import { PROOF_SYSTEM_MARKER_FILE } from '@verity/prover'
import { convertDatabase } from './convertLegacyProofSystem.ts'
import { planUpgrade, type UpgradeStep } from './planUpgrade.ts'
import { UpgradeRefusedError } from './UpgradeRefusedError.ts'
import { upgradeTargetsOf } from './upgradeTargets.ts'

/** Where `verity upgrade` keeps its backups, under the data directory. */
export const UPGRADE_BACKUPS_DIR = 'backups'

export type UpgradeDataDirParameters = {
  dataDir: string
  /** Rehearse and report only: the data directory is not changed. */
  dryRun: boolean
  /** Names the backup folder (ms since the epoch; default now). */
  nowMs?: number
}

export type UpgradeDataDirResult = { dataDir: string; steps: UpgradeStep[]; backupDir: string | undefined }

/**
 * Brings the SQLite databases of a `verity up` data directory to this release: holding the
 * directory (DataDirLockedError while a `verity up` or a service runs there), it rehearses every
 * migration on a copy first (planUpgrade: any refusal shows before anything changes), then backs
 * each database up to `<dataDir>/backups/<time>-to-<version>/` (checked copies), then converts a
 * database's work of an earlier release (convertDatabase: the domain's SDLs of an earlier witness
 * layout get today's witness, a 0.1.0 database moves to this proof system) and opens each as its service
 * does, which migrates it and records this release. Each database migrates in one
 * transaction, so a crash leaves each one before or after; running it again finishes the rest.
 * Throws UpgradeRefusedError, DataDirLockedError, and whatever a service's open refuses with
 * (STORE_WRITTEN_BY_NEWER_VERSION, STORE_SCHEMA_TOO_NEW, DATA_DIR_PROOF_SYSTEM for a marker of another
 * system) or the conversion refuses with (UPGRADE_SDL_NOT_REPROVABLE).
 */
export async function upgradeDataDir(parameters: UpgradeDataDirParameters): Promise<UpgradeDataDirResult> {
  const dataDir = resolve(parameters.dataDir)
  if (!existsSync(dataDir)) throw new UpgradeRefusedError({ dataDir, reason: 'no such directory' })
  const lock = lockDataDir({ dir: dataDir, name: 'verity-up' })
  try {
    const targets = upgradeTargetsOf(dataDir)
    if (targets.length === 0) throw new UpgradeRefusedError({ dataDir, reason: 'it holds no database of a Verity service (base-layer/, domain/, orchestrator/, store/ of verity up)' })
    const nowMs = parameters.nowMs ?? Date.now()
    const steps = await planUpgrade(targets, nowMs)
    if (parameters.dryRun) return { dataDir, steps, backupDir: undefined }
    const stamp = new Date(nowMs).toISOString().replace(/[:.]/g, '-')
    const backupDir = join(dataDir, UPGRADE_BACKUPS_DIR, `${stamp}-to-${VERITY_VERSION}`)
    for (const { target } of steps) {
      const copy = join(backupDir, relative(dataDir, target.path))
      await backupSqliteFile(target.path, copy)
      const marker = join(target.dir, PROOF_SYSTEM_MARKER_FILE)
      if (existsSync(marker)) copyFileSync(marker, join(copy, '..', PROOF_SYSTEM_MARKER_FILE))
    }
    for (const { target } of steps) {
      await convertDatabase(target, target.dir, nowMs)
      await (await target.open(target.dir)).close()
    }
    return { dataDir, steps, backupDir }
  } finally {
    lock.release()
  }
}
