import { relative } from 'node:path'
import { VERITY_VERSION } from '@verity/core'
import type { SqliteStamp } from '@verity/postgres'
import type { Command } from '../Command.ts'

export const upgradeCommand: Command = {
  path: ['upgrade'],
  summary: 'bring a stopped data directory of verity up to this release: rehearse on a copy, back up, migrate (--dry-run: show what it will do)',
  usage: 'verity upgrade [--data-dir DIR] [--dry-run]',
  optionHelp: {
    'data-dir': 'the data directory of verity up (default .verity, or $VERITY_DATA_DIR); every service on it must be stopped',
    'dry-run': 'rehearse the migrations on a copy and say what they will do; change nothing',
  },
  options: {
    'data-dir': { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  async run({ values, out }) {
    const { upgradeDataDir } = await import('../upgrade/upgradeDataDir.ts')
    const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : process.env.VERITY_DATA_DIR ?? '.verity'
    const dryRun = values['dry-run'] === true
    const result = await upgradeDataDir({ dataDir, dryRun })
    const lines = result.steps.map(({ target, before, after }) => `  ${target.service.padEnd(12)} ${relative(result.dataDir, target.path)}: schema ${before.schemaLevel} → ${after.schemaLevel}; written by ${describeReleases(before)}`)
    const head = dryRun ? `verity upgrade --dry-run: ${result.dataDir} would be brought to Verity ${VERITY_VERSION} (nothing changed):` : `${result.dataDir} is at Verity ${VERITY_VERSION}:`
    const tail = result.backupDir === undefined ? 'Run it without --dry-run to back up and migrate.' : `Backup (taken first): ${result.backupDir}`
    out.result([head, ...lines, tail].join('\n'), {
      data_dir: result.dataDir,
      version: VERITY_VERSION,
      dry_run: dryRun,
      backup_dir: result.backupDir ?? null,
      databases: result.steps.map(({ target, before, after }) => ({ service: target.service, path: target.path, schema_before: before.schemaLevel, schema_after: after.schemaLevel, releases_before: before.releases })),
    })
    return 0
  },
}

function describeReleases(stamp: SqliteStamp): string {
  if (stamp.releases.length === 0) return 'a release before 0.2.0 (none recorded)'
  return stamp.releases.map((release) => `${release.version} (${release.proof_system})`).join(', ')
}
