// EVM settlement figures (docs/settlement-evm.md): gas per settled SDL and per transfer, the
// settlement latency on the local node, and the verifier's size against EIP-170's limit.
import { evmSettlementLimits } from '@verity/settlement-evm'
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

export function evmFigures(results: BenchResults): Figure[] {
  const section = 'EVM settlement (local Hardhat node)'
  const evm = results.evm
  if (!evm) return results.errors.evm === undefined ? [] : [missingFigure({ id: 'evm.settle', section, name: 'gas per settled SDL', unit: 'gas' }, results.errors.evm)]
  const figures: Figure[] = [
    figure({
      id: 'evm.verifier.bytes',
      section,
      name: 'SDL verifier deployed code',
      value: evm.verifierDeployedBytes,
      unit: 'bytes',
      limit: { name: 'EIP-170 contract size limit', value: evmSettlementLimits.CONTRACT_BYTES_MAX, unit: 'bytes' },
      note: `deploy gas: verifier ${evm.deployGas.verifier}, VeritySettlement ${evm.deployGas.settlement}`,
    }),
  ]
  for (const sdl of evm.sdls) {
    const id = sdl.transfers === 0 ? 'evm.sdl.setup' : `evm.sdl.${sdl.transfers}`
    figures.push(figure({ id: `${id}.gas`, section, name: `gas to settle an SDL (${sdl.label})`, value: sdl.gasUsed, unit: 'gas', note: `${sdl.proofs} batch proof(s), ${Math.round(sdl.gasUsed / sdl.proofs)} gas per proof` }))
    if (sdl.transfers > 0) figures.push(figure({ id: `${id}.gas.per_transfer`, section, name: `gas per transfer (${sdl.label})`, value: Math.round(sdl.gasUsed / sdl.transfers), unit: 'gas' }))
    figures.push(figure({ id: `${id}.latency`, section, name: `settlement latency (${sdl.label}), 1 confirmation`, value: sdl.settleMs, unit: 'ms' }))
  }
  return figures
}
