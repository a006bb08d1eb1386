import { Type } from 'typebox'
import { HashDigest } from '../encodings.ts'

/** The status names of an intent (GET /intents/{intent_id}/status). */
export const IntentStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('proving'),
  Type.Literal('success'),
  Type.Literal('failure'),
  Type.Literal('expired'),
])

export const IntentStatusResponse = Type.Object({
  status: IntentStatus,
  queue_position: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'our addition, while `proving`: proposals ahead of this one in the proving queue (first come, first proved; the first --job-concurrency of the queue are being worked on, so 0 means now)',
    }),
  ),
})

/** POST /templates. */
export const CreateTemplateResponse = Type.Object({ template_id: HashDigest })
/** The path parameter that names a template. */
export const TemplateIdParams = Type.Object({ template_id: Type.String({ minLength: 1, maxLength: 128, description: 'HashDigest' }) })
