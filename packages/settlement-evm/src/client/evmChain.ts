import { defineChain, type Chain } from 'viem'

/** A viem chain for an EVM JSON-RPC endpoint known only by its URL and chain id. */
export function evmChain(rpcUrl: string, chainId: number): Chain {
  return defineChain({
    id: chainId,
    name: `evm-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}
