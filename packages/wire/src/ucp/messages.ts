// UCP 2026-04-08 messages and the error reply: source/schemas/shopping/types/message.json,
// message_error.json, message_warning.json, message_info.json, error_response.json.
import { Type } from 'typebox'
import { UcpResponseMetadata } from './profile.ts'

const ContentType = Type.Union([Type.Literal('plain'), Type.Literal('markdown')])

/** message_error.json (`code`: error_code.json, free-form; `not_found` is standard). */
export const UcpMessageError = Type.Object({
  type: Type.Literal('error'),
  code: Type.String(),
  path: Type.Optional(Type.String()),
  content_type: Type.Optional(ContentType),
  content: Type.String({ description: 'human-readable message' }),
  severity: Type.Union([
    Type.Literal('recoverable'),
    Type.Literal('requires_buyer_input'),
    Type.Literal('requires_buyer_review'),
    Type.Literal('unrecoverable'),
  ]),
})

/** message_warning.json. */
export const UcpMessageWarning = Type.Object({
  type: Type.Literal('warning'),
  code: Type.String(),
  path: Type.Optional(Type.String()),
  content: Type.String(),
  content_type: Type.Optional(ContentType),
  presentation: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
})

/** message_info.json. */
export const UcpMessageInfo = Type.Object({
  type: Type.Literal('info'),
  path: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  content_type: Type.Optional(ContentType),
  content: Type.String(),
})

/** message.json: one of error, warning, info. */
export const UcpMessage = Type.Union([UcpMessageError, UcpMessageWarning, UcpMessageInfo])

/** error_response.json: `ucp.status` is `error` and at least one message says why (no other properties). */
export const UcpErrorResponse = Type.Object(
  {
    ucp: Type.Intersect([UcpResponseMetadata, Type.Object({ status: Type.Literal('error') })]),
    messages: Type.Array(UcpMessage, { minItems: 1 }),
    continue_url: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)
