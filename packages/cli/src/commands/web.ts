import type { Command } from '../Command.ts'
import { BASE_LAYER_OPTION, baseLayerUrl, DOMAIN_OPTION, domainUrl, ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { runService } from '../services/runService.ts'
import { parsePort } from './services.ts'

export const webCommand: Command = {
  path: ['web'],
  summary: 'serve the web wallet and explorer (http://localhost:8000) for the services at VERITY_*_URL (docs/web.md)',
  usage: 'verity web [--port N] [--host H] [--templates DIR] [--orchestrator URL] [--domain URL] [--base-layer URL]',
  optionHelp: {
    port: 'default 8000 (0: any free port)',
    host: 'interface to listen on (default 127.0.0.1; WebAuthn needs the page at http://localhost)',
    templates: 'folder of .template files the wallet offers (default: packages/policy/examples)',
  },
  options: { port: { type: 'string' }, host: { type: 'string' }, templates: { type: 'string' }, ...ORCHESTRATOR_OPTION, ...DOMAIN_OPTION, ...BASE_LAYER_OPTION },
  async run({ values, out, signal }) {
    const { startWebServer } = await import('@verity/web')
    const options = {
      ...(typeof values.port === 'string' ? { port: parsePort(values.port) } : {}),
      ...(typeof values.host === 'string' ? { host: values.host } : {}),
      ...(typeof values.templates === 'string' ? { templatesDir: values.templates } : {}),
      orchestratorUrl: orchestratorUrl(values),
      domainUrl: domainUrl(values),
      baseLayerUrl: baseLayerUrl(values),
    }
    return runService({ signal, onStarting: () => out.info('starting the web server …'), start: () => startWebServer(options), onStarted: (web) => out.result(`web wallet and explorer at ${web.url}`, { web: web.url }) })
  },
}
