import { describeError } from '../api/ApiError.ts'

/** An error shown where it happened, announced to screen readers. */
export function ErrorNote({ error, id }: { error: unknown; id?: string }) {
  if (error === undefined || error === null) return null
  return (
    <p class="error" role="alert" id={id}>
      {describeError(error)}
    </p>
  )
}
