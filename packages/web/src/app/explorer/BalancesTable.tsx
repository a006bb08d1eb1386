import { AmountOfToken } from '../components/tokens.tsx'
import type { BalanceRow } from './balanceRows.ts'

/** A vault's balances as a table: token, symbol, amount (a fungible token's as money, SDK formatAmount, the ledger's exact integer on hover). */
export function BalancesTable({ rows, symbols, testId }: { rows: BalanceRow[]; symbols: ReadonlyMap<string, string>; testId: string }) {
  if (rows.length === 0) return <p data-testid={testId}>no vault</p>
  return (
    <table class="balances" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Symbol</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.token}>
            <td>
              <code>{row.token}</code>
            </td>
            <td>{row.kind === 'native' ? '(native)' : (symbols.get(row.token) ?? '')}</td>
            <td class="amount">{row.kind === 'fungible' ? <AmountOfToken amount={BigInt(row.amount)} tokenId={row.token} withName={false} /> : row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
