// The SQLite databases of a `verity up` data directory that `verity upgrade` brings to this release:
// where each lives and how its service opens it (opening applies the migrations it lacks and
// records this release, under the service's own lock).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { BASE_LAYER_MIGRATIONS_TABLE, baseLayerDatabasePath, openBaseLayerStore } from '@verity/base-layer'
import { DOMAIN_MIGRATIONS_TABLE, domainDatabasePath, openDomainStore } from '@verity/domain'
import { openOrchestratorStore, ORCHESTRATOR_MIGRATIONS_TABLE, SQLITE_FILE_NAME } from '@verity/orchestrator'
import { lockDataDir } from '@verity/postgres'
import { CheckoutStateStore, STORE_MIGRATIONS_TABLE } from '@verity/store'
import { EVM_DOMAIN_DATA_DIR } from '../services/startEvmSettlement.ts'
import { convertLegacyBaseLayer, convertLegacyDomain, convertLegacyOrchestrator, rewitnessDomainSdls } from './convertLegacyProofSystem.ts'
import type { UpgradeTarget } from './UpgradeTarget.ts'

/** The demo store's state file in its state directory (startStore's name). */
const STORE_STATE_FILE = 'checkout.db'


/** The databases present under `dataDir` (a `verity up` layout), in the order `verity up` starts their services. */
export function upgradeTargetsOf(dataDir: string): UpgradeTarget[] {
  const targets: UpgradeTarget[] = [
    { service: 'base layer', dir: join(dataDir, 'base-layer'), path: baseLayerDatabasePath(join(dataDir, 'base-layer')), migrationsTable: BASE_LAYER_MIGRATIONS_TABLE, convertLegacy: convertLegacyBaseLayer, open: (dir) => openBaseLayerStore({ dataDir: dir }) },
    { service: 'store', dir: join(dataDir, 'store'), path: join(dataDir, 'store', STORE_STATE_FILE), migrationsTable: STORE_MIGRATIONS_TABLE, open: openStoreState },
    { service: 'orchestrator', dir: join(dataDir, 'orchestrator'), path: join(dataDir, 'orchestrator', SQLITE_FILE_NAME), migrationsTable: ORCHESTRATOR_MIGRATIONS_TABLE, convertLegacy: convertLegacyOrchestrator, open: (dir) => openOrchestratorStore({ dataDir: dir }) },
    ...['domain', EVM_DOMAIN_DATA_DIR].map((name) => ({
      service: name === 'domain' ? 'domain' : `domain (${name})`,
      dir: join(dataDir, name),
      path: domainDatabasePath(join(dataDir, name)),
      migrationsTable: DOMAIN_MIGRATIONS_TABLE,
      convertLegacy: convertLegacyDomain,
      rewitnessSdls: rewitnessDomainSdls,
      open: (dir: string) => openDomainStore({ dataDir: dir, shard: 1 }),
    })),
  ]
  return targets.filter((target) => existsSync(target.path))
}

// The store's state under the store's lock, as startStore opens it.
async function openStoreState(dir: string): Promise<{ close(): Promise<void> }> {
  const lock = lockDataDir({ dir, name: 'store' })
  try {
    const state = new CheckoutStateStore(join(dir, STORE_STATE_FILE))
    return {
      close: async () => {
        state.close()
        lock.release()
      },
    }
  } catch (error) {
    lock.release()
    throw error
  }
}
