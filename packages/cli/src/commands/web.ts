import { VERITY_VERSION } from '@verity/core'
import type { Command } from '../Command.ts'
import { CRS_PATH_OPTIONS, crsPathOption } from '../crsPathOption.ts'
import { BASE_LAYER_OPTION, baseLayerUrl, DOMAIN_OPTION, domainUrl, ORCHESTRATOR_OPTION, orchestratorUrl, storeUrl } from '../endpoints.ts'
import { runService } from '../services/runService.ts'
import { parsePort } from './services.ts'

export const webCommand: Command = {
  path: ['web'],
  summary: 'serve the web wallet and explorer (http://localhost:8000) for the services at VERITY_*_URL (docs/web.md)',
  usage: 'verity web [--port N] [--host H] [--templates DIR] [--orchestrator URL] [--domain URL] [--base-layer URL] [--business URL] [--crs-path DIR]',
  optionHelp: {
    port: 'default 8000 (0: any free port)',
    host: 'interface to listen on (default 127.0.0.1; WebAuthn needs the page at http://localhost)',
    templates: 'folder of .template files the wallet offers (default: packages/policy/examples)',
    business: 'the UCP business whose catalog says how values are spelled, for the wallet\'s warnings (default $VERITY_STORE_URL, else the devnet\'s demo store)',
    'crs-path': 'Ignition CRS directory the in-browser verifier\'s files come from (default $VERITY_CRS_PATH, else the committed prefix); checked by SHA-256 before it listens',
  },
  options: { port: { type: 'string' }, host: { type: 'string' }, templates: { type: 'string' }, business: { type: 'string' }, ...ORCHESTRATOR_OPTION, ...DOMAIN_OPTION, ...BASE_LAYER_OPTION, ...CRS_PATH_OPTIONS },
  async run({ values, out, signal }) {
    const { startWebServer } = await import('@verity/web')
    const crsPath = crsPathOption(values, out)
    const options = {
      ...(crsPath === undefined ? {} : { crsPath }),
      ...(typeof values.port === 'string' ? { port: parsePort(values.port) } : {}),
      ...(typeof values.host === 'string' ? { host: values.host } : {}),
      ...(typeof values.templates === 'string' ? { templatesDir: values.templates } : {}),
      orchestratorUrl: orchestratorUrl(values),
      domainUrl: domainUrl(values),
      baseLayerUrl: baseLayerUrl(values),
      businessUrl: storeUrl(values),
    }
    return runService({ signal, onStarting: () => out.info('starting the web server …'), start: () => startWebServer(options), onStarted: (web) => out.result(`web wallet and explorer at ${web.url} (Verity ${VERITY_VERSION})`, { web: web.url, version: VERITY_VERSION }) })
  },
}
