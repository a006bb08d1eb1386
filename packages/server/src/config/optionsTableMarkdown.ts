import { optionEnvName } from './optionEnvName.ts'
import type { ServiceOptions } from './ServiceOption.ts'

/**
 * The docs table of a service's options (flag, variable, default, meaning, old names), written from
 * the same declarations the reader uses; docs/operations.md holds it verbatim and each service's
 * test checks that it does, so the docs cannot drift from the code.
 */
export function optionsTableMarkdown(service: string, options: ServiceOptions): string {
  const rows = Object.values(options).map((option) => {
    const own = option.isFlagOnly === true ? '—' : `\`${optionEnvName(service, option.flag)}\``
    const env = option.sharedEnv === undefined ? own : `${own}, then \`${option.sharedEnv}\``
    const oldNames = [...(option.oldFlags ?? []).map((flag) => `\`--${flag}\``), ...(option.oldEnvs ?? []).map((name) => `\`${name}\``)]
    return `| \`--${option.flag}\` | ${env} | ${option.defaultText ?? '—'} | ${option.summary} | ${oldNames.join(', ') || '—'} |`
  })
  return ['| Flag | Variable | Default | Meaning | Old names (deprecated) |', '|---|---|---|---|---|', ...rows].join('\n')
}
