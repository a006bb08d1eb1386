import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { backupSqliteFile, readSqliteStamp, type SqliteStamp } from '@verity/postgres'
import { PROOF_SYSTEM_MARKER_FILE } from '@verity/prover'
import { convertDatabase } from './convertLegacyProofSystem.ts'
import type { UpgradeTarget } from './UpgradeTarget.ts'

/**
 * What upgrading one database does: its stamp now, and after (from a rehearsal on a copy), and
 * what converting a 0.1.0 database to this proof system does (none for a database of this system).
 */
export type UpgradeStep = { target: UpgradeTarget; before: SqliteStamp; after: SqliteStamp; conversion: string[] }

/**
 * Rehearses the upgrade of every target on a copy in a temporary directory (SQLite's online
 * backup, plus the directory's proof-system marker): the service opens the copy as it would the
 * original (converted first: convertDatabase, the domain's SDLs of an earlier witness layout and a
 * 0.1.0 database of the old proof system), so a refusal (a newer
 * release, another proof system, an SDL that cannot be proven again, a failing migration) shows
 * here, with nothing of the original changed. Returns each database's stamp before and after.
 */
export async function planUpgrade(targets: readonly UpgradeTarget[], nowMs: number): Promise<UpgradeStep[]> {
  const rehearsal = mkdtempSync(join(tmpdir(), 'verity-upgrade-rehearsal-'))
  try {
    const steps: UpgradeStep[] = []
    for (const [index, target] of targets.entries()) {
      const before = readSqliteStamp(target.path, target.migrationsTable)
      const copyDir = join(rehearsal, String(index))
      await backupSqliteFile(target.path, join(copyDir, basename(target.path)))
      const marker = join(target.dir, PROOF_SYSTEM_MARKER_FILE)
      if (existsSync(marker)) copyFileSync(marker, join(copyDir, PROOF_SYSTEM_MARKER_FILE))
      const conversion = await convertDatabase(target, copyDir, nowMs)
      await (await target.open(copyDir)).close()
      steps.push({ target, before, after: readSqliteStamp(join(copyDir, basename(target.path)), target.migrationsTable), conversion })
    }
    return steps
  } finally {
    rmSync(rehearsal, { recursive: true, force: true })
  }
}
