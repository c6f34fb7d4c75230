import type { MedusaNextFunction, MedusaResponse } from "@medusajs/framework/http"

/** The longest a request's turn is held, should its answer never end. */
export const TURN_EXPIRE_SECONDS = 60

/**
 * Runs `go` and resolves once the response is over (sent, or its client gone), and at the latest
 * after TURN_EXPIRE_SECONDS, so a turn a middleware holds for its request (a lock around `next()`
 * and Medusa's route) is never held for ever. A failure of `go` goes to `next` unless the answer
 * is already on its way.
 */
export function untilAnswered(
  res: MedusaResponse,
  next: MedusaNextFunction,
  go: () => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(done, TURN_EXPIRE_SECONDS * 1000)
    if (res.writableEnded || res.req.socket.destroyed) return done()
    res.once("close", done)
    go().catch((e: unknown) => {
      if (!res.headersSent) next(e)
      done()
    })
  })
}
