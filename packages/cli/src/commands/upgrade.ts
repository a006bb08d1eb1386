import { relative } from 'node:path'
import { VERITY_VERSION } from '@verity/core'
import type { SqliteStamp } from '@verity/postgres'
import type { Command, Output } from '../Command.ts'
import { UsageError } from '../UsageError.ts'
import { cliDataDir } from '../cliDataDir.ts'

export const upgradeCommand: Command = {
  path: ['upgrade'],
  summary: 'bring a stopped data directory of verity up, or a PostgreSQL database, to this release: rehearse, back up, migrate (--dry-run: show what it will do)',
  usage: 'verity upgrade [--data-dir DIR | --database-url URL] [--dry-run]',
  optionHelp: {
    'data-dir': 'the data directory of verity up (default .verity, or $VERITY_DATA_DIR); every service on it must be stopped',
    'database-url': "a PostgreSQL database of the services (base layer, domain, orchestrator); every service using it must be stopped",
    'dry-run': 'rehearse the migrations (on a copy; on PostgreSQL in a transaction rolled back) and say what they will do; change nothing',
  },
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  async run({ values, out }) {
    const dryRun = values['dry-run'] === true
    if (typeof values['database-url'] === 'string') {
      if (typeof values['data-dir'] === 'string') throw new UsageError('give --data-dir or --database-url, not both')
      await upgradeDatabase(values['database-url'], dryRun, out)
      return 0
    }
    const { upgradeDataDir } = await import('../upgrade/upgradeDataDir.ts')
    const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : cliDataDir()
    const result = await upgradeDataDir({ dataDir, dryRun })
    const lines = result.steps.flatMap(({ target, before, after, conversion }) => [
      `  ${target.service.padEnd(12)} ${relative(result.dataDir, target.path)}: schema ${before.schemaLevel} → ${after.schemaLevel}; written by ${describeReleases(before)}`,
      ...conversion.map((note) => `      ${note}`),
    ])
    const head = dryRun ? `verity upgrade --dry-run: ${result.dataDir} would be brought to Verity ${VERITY_VERSION} (nothing changed):` : `${result.dataDir} is at Verity ${VERITY_VERSION}:`
    const tail = result.backupDir === undefined ? 'Run it without --dry-run to back up and migrate.' : `Backup (taken first): ${result.backupDir}`
    out.result([head, ...lines, tail].join('\n'), {
      data_dir: result.dataDir,
      version: VERITY_VERSION,
      dry_run: dryRun,
      backup_dir: result.backupDir ?? null,
      databases: result.steps.map(({ target, before, after, conversion }) => ({ service: target.service, path: target.path, schema_before: before.schemaLevel, schema_after: after.schemaLevel, releases_before: before.releases, proof_system_conversion: conversion })),
    })
    return 0
  },
}

async function upgradeDatabase(databaseUrl: string, dryRun: boolean, out: Output): Promise<void> {
  const { upgradePostgres } = await import('../upgrade/upgradePostgres.ts')
  const result = await upgradePostgres({ databaseUrl, dryRun })
  const lines = [
    ...result.steps.map(({ service, table, before, after }) => `  ${service.padEnd(12)} ${table}: schema ${before.schemaLevel} → ${after.schemaLevel}; written by ${describeReleases(before)}`),
    ...result.conversion.map((note) => `      ${note}`),
  ]
  const head = dryRun ? `verity upgrade --dry-run: ${result.target} would be brought to Verity ${VERITY_VERSION} (rehearsed in a transaction rolled back; nothing changed):` : `${result.target} is at Verity ${VERITY_VERSION}:`
  const tail = result.backupSchema === undefined ? 'Run it without --dry-run to back up and migrate.' : `Backup (taken first): schema ${result.backupSchema} of the same database (${result.backedUp.length} tables)`
  out.result([head, ...lines, tail].join('\n'), {
    database: result.target,
    version: VERITY_VERSION,
    dry_run: dryRun,
    backup_schema: result.backupSchema ?? null,
    backed_up: result.backedUp,
    sdl_conversion: result.conversion,
    databases: result.steps.map(({ service, table, before, after }) => ({ service, table, schema_before: before.schemaLevel, schema_after: after.schemaLevel, releases_before: before.releases })),
  })
}

function describeReleases(stamp: Pick<SqliteStamp, 'releases'>): string {
  if (stamp.releases.length === 0) return 'a release before 0.2.0 (none recorded)'
  return stamp.releases.map((release) => `${release.version} (${release.proof_system})`).join(', ')
}
