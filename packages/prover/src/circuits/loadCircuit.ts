import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { compile_program, createFileManager } from '@noir-lang/noir_wasm'
import { BUILD_DIR, CIRCUITS_DIR } from '../paths.ts'
import { CircuitCompileError } from '../errors/proverErrors.ts'
import type { CompiledCircuit } from './CompiledCircuit.ts'

// Part of the cache key: a new compiler must recompile every circuit.
const NOIR_VERSION = '1.0.0-beta.26'
const NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/

/**
 * Names of the circuits under circuits/: each a Noir binary package (Nargo.toml of `type = "bin"`).
 * Library packages there (e.g. policy_core, the logic the policy tiers share) are not circuits.
 */
export function listCircuits(circuitsDir = CIRCUITS_DIR): string[] {
  if (!existsSync(circuitsDir)) return []
  return readdirSync(circuitsDir)
    .filter((name) => existsSync(join(circuitsDir, name, 'Nargo.toml')) && !isLibraryPackage(join(circuitsDir, name)))
    .sort()
}

/**
 * SHA-256 (hex) over the circuit's files (paths and contents), those of the packages it depends on
 * by path (circuits/<dependency>, transitively: policy tiers → policy_core → poseidon2), and the
 * compiler version.
 */
export function circuitSourceHash(name: string, circuitsDir = CIRCUITS_DIR): string {
  const root = join(circuitsDir, name)
  const hash = createHash('sha256').update(`noir ${NOIR_VERSION}\n`)
  for (const dir of [root, ...transitiveDependencies(root)]) {
    for (const path of listFiles(dir)) {
      hash.update(`${relative(circuitsDir, path)}\n`)
      hash.update(readFileSync(path))
      hash.update('\n')
    }
  }
  return hash.digest('hex')
}

function isLibraryPackage(dir: string): boolean {
  return /^\s*type\s*=\s*"lib"\s*$/m.test(readFileSync(join(dir, 'Nargo.toml'), 'utf8'))
}

/** Folders of the path dependencies of a package and of theirs, each once, sorted. */
function transitiveDependencies(root: string): string[] {
  const seen = new Set<string>()
  const pending = pathDependencies(root)
  while (pending.length > 0) {
    const dir = pending.pop()!
    if (seen.has(dir)) continue
    seen.add(dir)
    pending.push(...pathDependencies(dir))
  }
  return [...seen].sort()
}

/** Folders of the `{ path = "…" }` dependencies in a package's Nargo.toml, sorted. */
function pathDependencies(dir: string): string[] {
  const manifest = readFileSync(join(dir, 'Nargo.toml'), 'utf8')
  return [...manifest.matchAll(/path\s*=\s*"([^"]+)"/g)].map((match) => join(dir, match[1]!)).sort()
}

/**
 * Returns the compiled circuit `name`, compiling it with noir_wasm only when its sources changed
 * since the cached build/circuits/<name>.json was written. `compiled` tells whether it compiled.
 */
export async function loadCircuit(
  name: string,
  options: { circuitsDir?: string; buildDir?: string } = {},
): Promise<CompiledCircuit & { compiled: boolean }> {
  const circuitsDir = options.circuitsDir ?? CIRCUITS_DIR
  const buildDir = options.buildDir ?? BUILD_DIR
  if (!NAME_PATTERN.test(name) || !existsSync(join(circuitsDir, name, 'Nargo.toml')))
    throw new CircuitCompileError({ circuit: name, reason: `no Noir package at ${join(circuitsDir, name)}` })
  const sourceHash = circuitSourceHash(name, circuitsDir)
  const cachePath = join(buildDir, 'circuits', `${name}.json`)
  const cached = readCached(cachePath)
  if (cached?.sourceHash === sourceHash) return { ...cached, compiled: false }
  const circuit = await compileCircuit(name, sourceHash, circuitsDir)
  mkdirSync(join(buildDir, 'circuits'), { recursive: true })
  const temporary = `${cachePath}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(temporary, JSON.stringify(circuit))
  renameSync(temporary, cachePath)
  return { ...circuit, compiled: true }
}

async function compileCircuit(name: string, sourceHash: string, circuitsDir: string): Promise<CompiledCircuit> {
  const silent = () => {}
  let artifact
  try {
    artifact = await compile_program(createFileManager(join(circuitsDir, name)), undefined, silent, silent)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new CircuitCompileError({ circuit: name, reason: `noir_wasm failed: ${reason}` })
  }
  const program = artifact.program
  const circuitHash = createHash('sha256').update(Buffer.from(program.bytecode, 'base64')).digest('hex')
  return {
    name,
    sourceHash,
    circuitHash,
    noirVersion: NOIR_VERSION,
    program: { bytecode: program.bytecode, abi: program.abi as CompiledCircuit['program']['abi'] } as CompiledCircuit['program'],
  }
}

function readCached(path: string): CompiledCircuit | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as CompiledCircuit
  } catch {
    return undefined
  }
}

function listFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'target') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(...listFiles(path))
    else out.push(path)
  }
  return out
}
