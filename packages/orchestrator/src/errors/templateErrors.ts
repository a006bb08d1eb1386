import { VerityError } from '@verity/core'

/** No template with this id is stored. */
export class TemplateNotFoundError extends VerityError {
  readonly code = 'TEMPLATE_NOT_FOUND'
  constructor(readonly fields: { templateId: string }) {
    super(`template ${fields.templateId} not found`)
  }
}
