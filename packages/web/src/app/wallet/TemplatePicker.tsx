import { useEffect, useState } from 'preact/hooks'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { loadCatalog, loadTemplateById, type KnownTemplate } from './loadTemplates.ts'

/**
 * Pick a template from the server's catalog, or load one stored on the orchestrator by id. Every
 * signer (an Ed25519 key, a passkey, a multisig) can create an intent of any template, checkout
 * templates included (docs/ap2-verity-constraint.md, "Who can check out").
 */
export function TemplatePicker({ selected, onSelect }: { selected: KnownTemplate | undefined; onSelect: (template: KnownTemplate) => void }) {
  const [catalog, setCatalog] = useState<KnownTemplate[]>([])
  const [catalogError, setCatalogError] = useState<unknown>()
  const [idText, setIdText] = useState('')
  const [idError, setIdError] = useState<unknown>()
  useEffect(() => {
    loadCatalog().then(setCatalog, setCatalogError)
  }, [])
  const loadById = async () => {
    setIdError(undefined)
    try {
      onSelect(await loadTemplateById(idText.trim()))
    } catch (error) {
      setIdError(error)
    }
  }
  return (
    <section aria-labelledby="template-title">
      <h2 id="template-title">2. Template</h2>
      <div class="row">
        <label for="template-select">Template</label>
        <select id="template-select" value={selected?.id ?? ''} onChange={(event) => {
          const template = catalog.find((item) => item.id === event.currentTarget.value)
          if (template) onSelect(template)
        }}>
          <option value="">Choose…</option>
          {catalog.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name} ({template.origin})
            </option>
          ))}
        </select>
      </div>
      <ErrorNote error={catalogError} />
      <div class="row">
        <label for="template-id">or a template id</label>
        <input id="template-id" value={idText} onInput={(event) => setIdText(event.currentTarget.value)} />
        <button type="button" onClick={loadById} disabled={idText.trim() === ''}>
          Load
        </button>
      </div>
      <ErrorNote error={idError} />
      {selected ? (
        <p>
          <strong>{selected.name}</strong> · id <code data-testid="template-id">{selected.id}</code>
        </p>
      ) : null}
    </section>
  )
}
