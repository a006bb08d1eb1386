import { useEffect, useState } from 'preact/hooks'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { loadCatalog, type KnownTemplate } from '../wallet/loadTemplates.ts'

/** The catalog's templates: id (computed in the page), parameters, and source. */
export function TemplatesPanel() {
  const [templates, setTemplates] = useState<KnownTemplate[]>([])
  const [error, setError] = useState<unknown>()
  useEffect(() => void loadCatalog().then(setTemplates, setError), [])
  return (
    <section aria-labelledby="templates-title">
      <h2 id="templates-title">Templates</h2>
      <ErrorNote error={error} />
      {templates.map((template) => (
        <details key={template.id}>
          <summary>
            <strong>{template.name}</strong> <code>{template.id}</code>
          </summary>
          <p>
            Parameters: {template.compiled.intent.map((field) => `${field.name}: ${field.isOptional ? 'optional ' : ''}${field.type}`).join(', ') || 'none'}
          </p>
          <p class="muted">{template.origin}</p>
          <pre>{template.source}</pre>
        </details>
      ))}
    </section>
  )
}
