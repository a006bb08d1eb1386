import { compileTemplate, templateId, type CompiledTemplate } from '@verity/policy'
import { callApi, callApiText } from '../api/callApi.ts'

/** A template the wallet can build an intent for: compiled in the page, its id computed here. */
export type KnownTemplate = { id: string; name: string; source: string; compiled: CompiledTemplate; origin: string }

/** The web server's catalog (GET /api/templates), compiled in the page. */
export async function loadCatalog(): Promise<KnownTemplate[]> {
  const files = await callApi<Array<{ file: string; source: string }>>('/api/templates')
  return files.map(({ file, source }) => known(source, `catalog: ${file}`))
}

/**
 * A template stored on the orchestrator, by id. Its pretty-printed source is compiled here and
 * must hash to the id asked for, so the form and the preview describe the template the intent names.
 */
export async function loadTemplateById(id: string): Promise<KnownTemplate> {
  const source = await callApiText(`/api/orchestrator/templates/${encodeURIComponent(id)}`)
  const template = known(source, 'orchestrator')
  if (template.id !== id) throw new Error(`the orchestrator's source for ${id} compiles to another template (${template.id})`)
  return template
}

/** Stores the template on the orchestrator (same source, same id) before an intent names it. */
export async function pushTemplate(template: KnownTemplate): Promise<void> {
  const answer = await callApi<{ template_id: string }>('/api/orchestrator/templates', { method: 'POST', text: template.source })
  if (answer.template_id !== template.id) throw new Error(`the orchestrator stored the template as ${answer.template_id}, not ${template.id}`)
}

function known(source: string, origin: string): KnownTemplate {
  const compiled = compileTemplate(source)
  return { id: templateId(compiled), name: compiled.name, source, compiled, origin }
}
