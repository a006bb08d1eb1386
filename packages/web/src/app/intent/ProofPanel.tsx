import { stringifyJsonBigint } from '@verity/core'
import { useEffect, useMemo, useState } from 'preact/hooks'
import type { ProofVerification } from '../../../../sdk/src/proofs/verifyProofBundle.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'

type Attestation = { extracted_at_ms: number; sources: Array<{ url: string; status: number; body_sha256?: string }>; signature: { Ed25519?: { pub_key: string } } }

/** The proof: download it, the evidence attestation (extractor key, time, sources), and its verification in this browser. */
export function ProofPanel({ intentId, bundle, isAgentNamed = false }: { intentId: string; bundle: Record<string, unknown>; isAgentNamed?: boolean }) {
  const [result, setResult] = useState<{ verification: ProofVerification; ms: number }>()
  const [error, setError] = useState<unknown>()
  const [running, setRunning] = useState(false)
  const download = useMemo(() => URL.createObjectURL(new Blob([stringifyJsonBigint(bundle)], { type: 'application/json' })), [bundle])
  useEffect(() => () => URL.revokeObjectURL(download), [download])
  const verify = async () => {
    setRunning(true)
    setError(undefined)
    try {
      const started = performance.now()
      const { verifyInBrowser } = await import('../verify/verifyInBrowser.ts')
      const verification = await verifyInBrowser(bundle)
      setResult({ verification, ms: Math.round(performance.now() - started) })
    } catch (failure) {
      setError(failure)
    } finally {
      setRunning(false)
    }
  }
  useEffect(() => void verify(), [bundle])
  const proof = bundle.proof as { artifact?: { crs?: string; proof?: string }; attestation?: Attestation } | undefined
  return (
    <section aria-labelledby="proof-title">
      <h2 id="proof-title">Proof</h2>
      <p>
        <a href={download} download={`proof-${intentId}.json`}>
          Download the proof bundle
        </a>{' '}
        ({Math.round(((proof?.artifact?.proof?.length ?? 0) * 3) / 4 / 1024)} KiB proof, CRS: {proof?.artifact?.crs}
        {proof?.artifact?.crs === 'ignition' ? " (Aztec's Ignition ceremony)" : ''}). Check it offline with <code>verity verify proof-{intentId}.json</code>.
      </p>
      <AttestationView attestation={proof?.attestation} />
      <div aria-live="polite" data-testid="verification">
        {running ? <p>Verifying in your browser…</p> : null}
        {result?.verification.ok ? (
          <p class="success">
            ✔ Proof verified in your browser ({result.ms} ms): the proposal satisfies every constraint of template {result.verification.statement.templateName}, signed by{' '}
            {result.verification.statement.signer === 'Unsigned' ? 'nobody' : <>{result.verification.statement.signer.scheme} owner <code>{result.verification.statement.signer.ownerId}</code></>}
            {result.verification.statement.agent === 'unbound' ? '' : <>, proposed by agent <code>{result.verification.statement.agent.ownerId}</code>{isAgentNamed ? ' (named above)' : ''}</>}.
          </p>
        ) : null}
        {result && !result.verification.ok ? <p class="error">✘ Not verified in your browser: {result.verification.reason}</p> : null}
        <ErrorNote error={error} />
      </div>
      <button type="button" onClick={verify} disabled={running}>
        Verify again
      </button>
    </section>
  )
}

function AttestationView({ attestation }: { attestation: Attestation | undefined }) {
  if (attestation === undefined) return <p data-testid="attestation">Evidence unattested: no extractor signed it.</p>
  return (
    <div data-testid="attestation">
      <h3>Evidence attestation</h3>
      <p>
        Signed by extractor key <code>{attestation.signature.Ed25519?.pub_key}</code> at <time dateTime={new Date(attestation.extracted_at_ms).toISOString()}>{new Date(attestation.extracted_at_ms).toLocaleString()}</time>.
      </p>
      {attestation.sources.length === 0 ? (
        <p>Sources: the extractor's catalog (no document fetched).</p>
      ) : (
        <ul aria-label="sources">
          {attestation.sources.map((source) => (
            <li key={source.url}>
              <code>{source.url}</code> HTTP {source.status} {source.body_sha256 ? <code>sha256 {source.body_sha256.slice(0, 16)}…</code> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
