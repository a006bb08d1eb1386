import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CATALOG_TEMPLATE_BYTES_MAX, CATALOG_TEMPLATES_MAX } from '../limits.ts'

/** One template source offered by the wallet (GET /api/templates). The page compiles it. */
export type CatalogTemplate = { file: string; source: string }

/**
 * The `.template` files of `dir` (by name, at most CATALOG_TEMPLATES_MAX, each at most
 * CATALOG_TEMPLATE_BYTES_MAX bytes; larger ones are skipped). The orchestrator has no route that
 * lists templates, so the wallet offers these and pushes the one picked (POST /templates is
 * idempotent: same source, same id); a template id typed in is fetched from the orchestrator.
 */
export function readTemplateCatalog(dir: string): CatalogTemplate[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.template'))
    .sort()
    .slice(0, CATALOG_TEMPLATES_MAX)
    .filter((name) => statSync(join(dir, name)).size <= CATALOG_TEMPLATE_BYTES_MAX)
    .map((file) => ({ file, source: readFileSync(join(dir, file), 'utf8') }))
}
