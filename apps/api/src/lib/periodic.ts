/**
 * A job every few seconds on each process, with one round at a time: a round still running when
 * the next tick comes is not started again, and closing the app waits for it. What a round does
 * on one process only (a row lease) is the task's own concern. The first round runs at start.
 * Used by the custom domains' checks, Mercado Pago's reconciliation and the subscriptions' one.
 */
import type { FastifyInstance } from 'fastify'

export function runPeriodically(
  app: FastifyInstance,
  {
    everyMs,
    task,
    failure,
  }: {
    everyMs: number
    task: () => Promise<void>
    /** The log line when a round fails (the error goes with it). */
    failure: string
  },
): void {
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> | undefined
  const run = () => {
    round ??= task()
      .catch((error: unknown) => app.log.warn({ err: error }, failure))
      .finally(() => {
        round = undefined
      })
  }
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs)
    timer.unref()
    run()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await round
  })
}
