// EVM settlement figures (docs/settlement-evm.md): gas per proof verified, gas per settled SDL and
// per transfer, the settlement latency on the local node, and the verifier's size against EIP-170's
// limit. Each gas figure's note gives the figure of the previous proof system beside it
// (EVM_BEFORE, recorded once with the same bench; docs/performance-history.md, "EVM settlement").
import { evmSettlementLimits } from '@verity/settlement-evm'
import type { BenchResults } from './lib/BenchResults.ts'
import { EVM_BEFORE } from './lib/evmBefore.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

const before = (value: number | undefined, unit: string) => (value === undefined ? '' : `; before (${EVM_BEFORE.system}): ${value.toLocaleString('en-US')} ${unit}`)

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
      note: `${evm.proofSystem}; deploy gas: verifier ${evm.deployGas.verifier}, VeritySettlement ${evm.deployGas.settlement}${before(EVM_BEFORE.verifierDeployedBytes, 'bytes')}`,
    }),
    figure({
      id: 'evm.verify.gas',
      section,
      name: 'gas per proof verified (a transaction calling the verifier)',
      value: evm.verifyGas,
      unit: 'gas',
      note: `proof ${evm.proofBytes} bytes; 21,000 transaction gas and calldata included${before(EVM_BEFORE.verifyGas, 'gas')}`,
    }),
  ]
  for (const sdl of evm.sdls) {
    const id = `evm.sdl.${sdl.id}`
    const previous = EVM_BEFORE.sdls[id]
    figures.push(figure({ id: `${id}.gas`, section, name: `gas to settle an SDL (${sdl.label})`, value: sdl.gasUsed, unit: 'gas', note: `${sdl.proofs} batch proof(s), ${Math.round(sdl.gasUsed / sdl.proofs)} gas per proof${before(previous?.gasUsed, `gas, ${previous?.transfers ? `${previous.transfers} transfers, ` : ''}${previous?.proofs} proof(s)`)}` }))
    if (sdl.transfers > 0) {
      const perTransfer = previous === undefined ? undefined : Math.round(previous.gasUsed / previous.transfers)
      figures.push(figure({ id: `${id}.gas.per_transfer`, section, name: `gas per settled transfer (${sdl.label})`, value: Math.round(sdl.gasUsed / sdl.transfers), unit: 'gas', note: before(perTransfer, 'gas').slice(2) || undefined }))
    }
    figures.push(figure({ id: `${id}.latency`, section, name: `settlement latency (${sdl.label}), 1 confirmation`, value: sdl.settleMs, unit: 'ms' }))
  }
  return figures
}
