import { Type } from 'typebox'

/** ErrorResponse of spec/orchestrator.md (`message` required) with our stable `code` and positions. */
export const ErrorResponse = Type.Object({
  message: Type.String({ description: 'what was wrong' }),
  code: Type.Optional(Type.String({ description: 'stable error code (docs/orchestrator.md)' })),
  index: Type.Optional(Type.Integer()),
  line: Type.Optional(Type.Integer({ description: 'template compile errors: 1-based line' })),
  column: Type.Optional(Type.Integer({ description: 'template compile errors: 1-based column' })),
})
