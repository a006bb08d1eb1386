// Builds every workspace package to JavaScript with declarations (docs/releasing.md): `tsc -p
// <package>/tsconfig.build.json --noCheck` in dependency order (a package's declarations are read
// by the packages that import it), after emptying its output folder, then copies the plain JavaScript
// modules of src/ (worker entries, *.mjs) beside the emitted files. Arguments narrow the build to
// the packages whose folder name is given (their dependencies must be built already). Type errors
// are `npm run check`'s to report: the build only emits, so it is quicker and one package's type
// error does not stop `npm ci`.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Files of src/ that tsc does not emit but the built package runs. */
const COPIED_SUFFIXES = ['.mjs']

const root = JSON.parse(readFileSync('package.json', 'utf8'))
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')

const packages = new Map()
for (const dir of root.workspaces) {
  const config = join(dir, 'tsconfig.build.json')
  if (!existsSync(config)) continue
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  packages.set(manifest.name, { dir, config, manifest, outDir: readOutDir(config) })
}

const only = process.argv.slice(2)
for (const name of buildOrder()) {
  const { dir, config, outDir } = packages.get(name)
  if (only.length > 0 && !only.some((x) => dir.endsWith(x))) continue
  rmSync(join(dir, outDir), { recursive: true, force: true })
  const result = spawnSync(process.execPath, [TSC, '-p', config, '--noCheck'], { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`build: ${name} failed (tsc -p ${config})`)
    process.exit(result.status ?? 1)
  }
  cpSync(join(dir, 'src'), join(dir, outDir), {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || COPIED_SUFFIXES.some((suffix) => path.endsWith(suffix)),
  })
}

/**
 * Workspace names, each after the workspaces its `dependencies` name. devDependencies are left out:
 * the build emits src/ without tests and testing/ (tsconfig.build.json), so only dependencies are
 * read, and following devDependencies could build a package before one it depends on (the domain
 * depends on the SDK, whose tests start a domain).
 */
function buildOrder() {
  const order = []
  const state = new Map()
  const visit = (name) => {
    if (state.get(name) === 'done' || state.get(name) === 'visiting') return
    state.set(name, 'visiting')
    const { manifest } = packages.get(name)
    for (const dep of Object.keys({ ...manifest.dependencies })) {
      if (packages.has(dep)) visit(dep)
    }
    state.set(name, 'done')
    order.push(name)
  }
  for (const name of packages.keys()) visit(name)
  return order
}

/** The output folder a tsconfig.build.json names (`dist` unless it says otherwise). */
function readOutDir(config) {
  const outDir = JSON.parse(readFileSync(config, 'utf8')).compilerOptions?.outDir
  return outDir ? outDir.replace('${configDir}/', '') : 'dist'
}
