/**
 * lib/periodic.ts: the jobs' loop (custom domains, Mercado Pago, subscriptions). A round runs at
 * start and on every tick, never two at once; a failed round is logged and the next one runs;
 * closing the app waits for the round in flight.
 */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { runPeriodically } from '../src/lib/periodic.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('runPeriodically', () => {
  it('runs at start and on every tick, one round at a time, and close waits for it', async () => {
    const app = Fastify({ logger: false })
    let running = 0
    let most = 0
    let rounds = 0
    let finished = 0
    runPeriodically(app, {
      everyMs: 5,
      task: async () => {
        rounds += 1
        running += 1
        most = Math.max(most, running)
        await sleep(30)
        running -= 1
        finished += 1
      },
      failure: 'test round failed',
    })
    await app.ready()
    await sleep(100)
    expect(rounds).toBeGreaterThanOrEqual(2)
    // Ticks every 5 ms while a round takes 30 ms: never two rounds at once.
    expect(most).toBe(1)
    await app.close()
    expect(finished).toBe(rounds)
    const after = rounds
    await sleep(30)
    expect(rounds).toBe(after)
  })

  it('logs a failed round and runs the next one', async () => {
    const warnings: string[] = []
    const app = Fastify({ logger: false })
    app.log.warn = ((_obj: unknown, message: string) => {
      warnings.push(message)
    }) as typeof app.log.warn
    let rounds = 0
    runPeriodically(app, {
      everyMs: 5,
      task: async () => {
        rounds += 1
        if (rounds === 1) throw new Error('Mercado Pago no responde')
      },
      failure: 'payment checks failed',
    })
    await app.ready()
    await sleep(50)
    await app.close()
    expect(warnings[0]).toBe('payment checks failed')
    expect(rounds).toBeGreaterThan(1)
  })
})
