import { PlategaError } from "../../errors"

/** The PlategaError a call fails with; anything else (or success) fails the test. */
export async function failure(p: Promise<unknown>): Promise<PlategaError> {
  const outcome = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(outcome instanceof PlategaError))
    throw new Error(`expected a PlategaError, got ${String(outcome)}`)
  return outcome
}
