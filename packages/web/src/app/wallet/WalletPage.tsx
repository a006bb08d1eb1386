import { useState } from 'preact/hooks'
import { callApi } from '../api/callApi.ts'
import { payableShape } from '@verity/policy'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { AgentsInput } from './AgentsInput.tsx'
import { parseAgentInput } from './parseAgentInput.ts'
import { navigate } from '../navigate.ts'
import { collectFields } from './collectFields.ts'
import { IntentForm } from './IntentForm.tsx'
import { IntentPreview } from './IntentPreview.tsx'
import { SpellingWarnings } from './SpellingWarnings.tsx'
import { useSpellings } from './useSpellings.ts'
import { KeysPanel } from './KeysPanel.tsx'
import { pushTemplate, type KnownTemplate } from './loadTemplates.ts'
import type { FieldInput } from './parseFieldInput.ts'
import { signIntentWithKeys } from './signIntentWithKeys.ts'
import { createSealedBody, SealedToggle } from './SealedToggle.tsx'
import { SigningPicker, signingOf } from './SigningPicker.tsx'
import { TemplatePicker } from './TemplatePicker.tsx'
import { loadStoredPasskeys, storePasskeys, type WalletKey } from './WalletKey.ts'

/** `/`: keys, a template, its form, the plain-words preview, then sign and create the intent. */
export function WalletPage() {
  const [keys, setKeys] = useState<WalletKey[]>(loadStoredPasskeys)
  const [chosen, setChosen] = useState<string[]>(() => keys.slice(0, 1).map((key) => key.publicKeyBase58))
  const [threshold, setThreshold] = useState(1)
  const [template, setTemplate] = useState<KnownTemplate>()
  const [inputs, setInputs] = useState<Record<string, FieldInput>>({})
  const [showErrors, setShowErrors] = useState(false)
  const [createError, setCreateError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const [intentId, setIntentId] = useState<string>()
  const [agentText, setAgentText] = useState('')
  const [sealed, setSealed] = useState(false)

  const addKey = (key: WalletKey) => {
    const next = [...keys.filter((item) => item.publicKeyBase58 !== key.publicKeyBase58), key]
    setKeys(next)
    storePasskeys(next)
    if (chosen.length === 0) setChosen([key.publicKeyBase58])
  }
  const fields = collectFields(template?.compiled.intent ?? [], inputs)
  const spellings = useSpellings(template?.compiled)
  const signing = signingOf(keys, chosen, threshold)
  const agents = parseAgentInput(agentText)
  // A payable template: the orchestrator accepts its intents only with agents (PAYABLE_INTENT_UNBOUND).
  const needsAgent = template !== undefined && payableShape(template.compiled).isPayable

  const create = async () => {
    setShowErrors(true)
    setCreateError(undefined)
    if (template === undefined || signing === undefined || !fields.isValid || !agents.ok) return
    setBusy(true)
    try {
      await pushTemplate(template)
      const id = crypto.randomUUID()
      const body = sealed
        ? await createSealedBody({ id, template, fields: fields.json, signing, agents: agents.ok ? agents.agents : [] })
        : await signIntentWithKeys({ id, templateId: template.id, fields: fields.json, signing, agents: agents.ok ? agents.agents : [] })
      await callApi('/api/orchestrator/intents', { method: 'POST', json: body })
      setIntentId(id)
    } catch (error) {
      setCreateError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main id="main">
      <h1>Wallet</h1>
      <KeysPanel keys={keys} onAdd={addKey} />
      <TemplatePicker selected={template} onSelect={(next) => { setTemplate(next); setInputs({}); setShowErrors(false); setIntentId(undefined) }} />
      {template ? (
        <>
          <section aria-labelledby="form-title">
            <h2 id="form-title">3. Parameters</h2>
            <IntentForm fields={template.compiled.intent} inputs={inputs} showErrors={showErrors} onChange={(name, input) => setInputs({ ...inputs, [name]: input })} />
          </section>
          <IntentPreview compiled={template.compiled} values={fields.values} />
          <SpellingWarnings compiled={template.compiled} fields={fields.json} spellings={spellings} />
          <AgentsInput text={agentText} onChange={setAgentText} needsAgent={needsAgent} />
          <section aria-labelledby="sign-title">
            <h2 id="sign-title">5. Sign and create</h2>
            {keys.length === 0 ? <p class="error">Create a passkey or import a key first.</p> : <SigningPicker keys={keys} chosen={chosen} threshold={threshold} onChange={(next, t) => { setChosen(next); setThreshold(t) }} />}
            <SealedToggle sealed={sealed} onChange={setSealed} />
            {showErrors && !fields.isValid ? <p class="error" role="alert">Fix the parameters marked above.</p> : null}
            <div class="actions">
              <button type="button" class="primary" onClick={create} disabled={busy || signing === undefined}>
                {busy ? 'Signing…' : 'Sign and create the intent'}
              </button>
            </div>
            <ErrorNote error={createError} />
            {intentId ? <CreatedIntent id={intentId} /> : null}
          </section>
        </>
      ) : null}
    </main>
  )
}

function CreatedIntent({ id }: { id: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div class="success" role="status">
      <p>
        Intent created: <code data-testid="intent-id">{id}</code>
      </p>
      <button type="button" onClick={() => navigator.clipboard.writeText(id).then(() => setCopied(true), () => setCopied(false))}>
        {copied ? 'Copied' : 'Copy the intent id'}
      </button>{' '}
      <a href={`/intents/${id}`} onClick={(event) => { event.preventDefault(); navigate(`/intents/${id}`) }}>
        Follow it
      </a>
    </div>
  )
}
