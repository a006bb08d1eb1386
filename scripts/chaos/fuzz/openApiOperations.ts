// The operations of an OpenAPI 3 document (what GET /openapi.json serves), reduced to what the
// fuzzer needs: method, path template, parameters and request-body schema.
export type JsonSchema = Record<string, unknown>

export type OpenApiParameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }

export type OpenApiOperation = {
  method: string
  /** e.g. `/intents/{intent_id}/proposal` */
  pathTemplate: string
  parameters: OpenApiParameter[]
  /** The request body's media type and schema, when the operation takes one. */
  body?: { contentType: string; schema: JsonSchema; required: boolean }
}

export type OpenApiDocument = { paths?: Record<string, Record<string, any>>; components?: { schemas?: Record<string, JsonSchema> } }

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

export function listOperations(document: OpenApiDocument): OpenApiOperation[] {
  const operations: OpenApiOperation[] = []
  for (const [pathTemplate, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item).filter((key) => HTTP_METHODS.includes(key))) {
      const operation = item[method] as { parameters?: any[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } }
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => ({
        name: String(parameter.name),
        in: parameter.in,
        required: parameter.required === true,
        schema: (parameter.schema ?? {}) as JsonSchema,
      }))
      const content = Object.entries(operation.requestBody?.content ?? {})[0]
      operations.push({
        method: method.toUpperCase(),
        pathTemplate,
        parameters,
        ...(content ? { body: { contentType: content[0], schema: content[1].schema ?? {}, required: operation.requestBody?.required === true } } : {}),
      })
    }
  }
  return operations
}
