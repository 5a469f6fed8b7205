/**
 * An open-loop load (wrk2's way), shared by the load workers: request i is due at
 * start + i ÷ rate whatever the replies before it did, and its latency counts from when it was
 * due, so a slow reply that delays the next ones is charged to them too (no coordinated
 * omission). Up to `connections` requests are in flight; the rest wait in the agent's queue, and
 * that wait is part of their latency.
 *
 * Why not autocannon's `overallRate`: it sends each connection's share of a second back to back
 * at the start of the second and then idles, which measures a burst at saturation, not the
 * service at that rate; and a closed loop of N connections as fast as they go has a p50 of
 * N ÷ throughput whatever the code does (it measures the queue, not the service).
 */
import http from 'node:http'

/**
 * @param {{ base: string, pathOf: (n: number) => string, connections: number, duration: number,
 *   rate: number, headers?: Record<string, string> }} options
 */
export async function pacedLoad({ base, pathOf, connections, duration, rate, headers }) {
  const target = new URL(base)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const interval = 1000 / rate
  const latencies = []
  const statuses = {}
  let sent = 0
  let inFlight = 0
  let bytes = 0
  let errors = 0
  let non2xx = 0
  const start = performance.now()
  const end = start + duration * 1000
  await new Promise((resolve) => {
    const settle = () => {
      inFlight--
      if (inFlight === 0 && performance.now() >= end) resolve()
    }
    const tick = () => {
      const now = Math.min(performance.now(), end)
      while (start + sent * interval <= now) {
        const due = start + sent * interval
        const request = http.request(
          { host: target.hostname, port: target.port, path: pathOf(sent), agent, headers },
          (response) => {
            response.on('data', (chunk) => (bytes += chunk.length))
            response.on('end', () => {
              latencies.push(performance.now() - due)
              statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
              if (response.statusCode < 200 || response.statusCode > 299) non2xx++
              settle()
            })
          },
        )
        request.on('error', () => {
          errors++
          settle()
        })
        request.end()
        sent++
        inFlight++
      }
      if (performance.now() < end) setTimeout(tick, 1)
      else if (inFlight === 0) resolve()
    }
    tick()
  })
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))])
      : 0
  return {
    requestsPerSecond: latencies.length / duration,
    requestsTotal: latencies.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    latencyMax: at(1),
    bytesPerSecond: bytes / duration,
    errors,
    timeouts: 0,
    non2xx,
    ok: latencies.length - non2xx,
    statuses,
  }
}
