import { decodeInputFields } from '@verity/core'
import type { FailureWordsContext } from '../../../../sdk/src/intents/failuresInWords.ts'
import { readSignedIntent } from '../../../../sdk/src/proofs/readSignedIntent.ts'
import { callApi } from '../api/callApi.ts'
import { loadTemplateById } from '../wallet/loadTemplates.ts'
import { keptOpening } from '../wallet/sealedOpenings.ts'

// Read once per intent and page load: the explorer's feed may show many failures of one intent.
const contexts = new Map<string, Promise<FailureWordsContext | undefined>>()

/**
 * What reading an intent's failures in words takes (the SDK's failuresInWords): its template and
 * values, through the web server's proxy to the orchestrator; a sealed intent's values from the
 * opening kept in this browser. Undefined when they cannot be read (the orchestrator's reasons are shown).
 */
export function loadFailureContext(intentId: string): Promise<FailureWordsContext | undefined> {
  let context = contexts.get(intentId)
  if (context === undefined) {
    context = read(intentId).catch(() => undefined)
    contexts.set(intentId, context)
  }
  return context
}

async function read(intentId: string): Promise<FailureWordsContext | undefined> {
  // Either shape of signed intent (DESIGN §3), as the orchestrator and the SDK read it.
  const intent = readSignedIntent(await callApi<unknown>(`/api/orchestrator/intents/${encodeURIComponent(intentId)}`))
  const fields = intent.sealed === undefined ? intent.attrFields : keptOpening(intentId)?.opening.attrs.fields
  if (fields === undefined) return undefined
  return { template: (await loadTemplateById(intent.templateId)).compiled, attrs: decodeInputFields(fields, 'intent') }
}
