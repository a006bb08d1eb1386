import type { FastifyPluginAsync } from 'fastify'
import { TEMPLATE_SOURCE_BYTES_MAX } from '../../limits.ts'
import { compileTemplateSource } from '../../templates/compileTemplateSource.ts'
import { TemplateNotFoundError } from '../../errors/templateErrors.ts'
import { UnsupportedMediaTypeError } from '@verity/server'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { CreateTemplateResponse, errorResponses, TemplateIdParams } from '../schemas.ts'
import { formatTemplate } from '@verity/policy'

const TemplateSource = { type: 'string', description: 'template source (text/plain)' } as const

/** POST /templates, POST /templates/validate, GET and DELETE /templates/{template_id}. */
export const templateRoutes: FastifyPluginAsync<{ context: OrchestratorContext }> = async (app, { context }) => {
  const sourceOf = (body: unknown, contentType: string | undefined): string => {
    if (typeof body !== 'string') throw new UnsupportedMediaTypeError({ contentType: contentType ?? '', expected: 'text/plain (the template source)' })
    return body
  }
  app.post(
    '/templates',
    {
      bodyLimit: TEMPLATE_SOURCE_BYTES_MAX,
      config: { decodeBody: (body, request) => sourceOf(body, request.headers['content-type']) },
      schema: {
        operationId: 'templates_submit',
        tags: ['templates'],
        consumes: ['text/plain'],
        body: TemplateSource,
        response: { 200: CreateTemplateResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const compiled = compileTemplateSource(sourceOf(request.body, request.headers['content-type']), (compiled) => context.proving.assertTemplateFits(compiled))
      await context.store.putTemplate({ ...compiled.record, createdAtMs: context.nowMs() })
      context.templates.remember(compiled.record.id, compiled.compiled)
      return { template_id: compiled.record.id }
    },
  )
  app.post(
    '/templates/validate',
    {
      bodyLimit: TEMPLATE_SOURCE_BYTES_MAX,
      config: { decodeBody: (body, request) => sourceOf(body, request.headers['content-type']) },
      schema: {
        operationId: 'templates_validate',
        tags: ['templates'],
        consumes: ['text/plain'],
        body: TemplateSource,
        response: { 200: { description: 'the template is valid (no body)', type: 'null' }, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      compileTemplateSource(sourceOf(request.body, request.headers['content-type']), (compiled) => context.proving.assertTemplateFits(compiled))
      return reply.code(200).send()
    },
  )
  app.get(
    '/templates/:template_id',
    {
      schema: {
        operationId: 'templates_get',
        tags: ['templates'],
        params: TemplateIdParams,
        produces: ['text/plain'],
        response: { 200: { type: 'string', description: 'the stored template, pretty-printed' }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { template_id: templateId } = request.params as { template_id: string }
      const compiled = await context.templates.load(context.store, templateId)
      if (compiled === undefined) throw new TemplateNotFoundError({ templateId })
      return reply.type('text/plain; charset=utf-8').send(formatTemplate(compiled))
    },
  )
  app.delete(
    '/templates/:template_id',
    {
      schema: {
        operationId: 'templates_delete',
        tags: ['templates'],
        params: TemplateIdParams,
        response: { 200: { description: 'template deleted (no body)', type: 'null' }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { template_id: templateId } = request.params as { template_id: string }
      if (!(await context.store.deleteTemplate(templateId))) throw new TemplateNotFoundError({ templateId })
      return reply.code(200).send()
    },
  )
}
