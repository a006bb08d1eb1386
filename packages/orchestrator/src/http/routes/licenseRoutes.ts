import type { FastifyPluginAsync } from 'fastify'

/** The license the interface description links to. */
export const LICENSE_TEXT = `Verity orchestrator
Licensed under the Apache License, Version 2.0 (the "License"); you may not use this software
except in compliance with the License. You may obtain a copy of the License at
http://www.apache.org/licenses/LICENSE-2.0
Unless required by applicable law or agreed to in writing, software distributed under the License
is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or
implied. See the License for the specific language governing permissions and limitations under the
License.
`

/** GET /license (text/plain). */
export const licenseRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/license',
    { schema: { operationId: 'license_get', tags: ['meta'], produces: ['text/plain'], response: { 200: { type: 'string' } } } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(LICENSE_TEXT),
  )
}
