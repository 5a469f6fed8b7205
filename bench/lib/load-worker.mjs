/**
 * Runs one load in a child process (forked by load.ts), so the load generator never
 * shares the event loop of the server it measures. Options arrive as JSON in argv[2].
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import autocannon from 'autocannon'

const options = JSON.parse(process.argv[2])
const { url, paths, bodiesFile, rate, amount, connections, duration, headers, method, body } =
  options
const bodies = bodiesFile ? JSON.parse(readFileSync(bodiesFile, 'utf8')) : undefined
// Many distinct URLs (one load over a list of paths): each request takes the next path, so every
// connection keeps asking for something the others did not just ask for.
let next = 0
const requests = paths?.length
  ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]
  : bodies?.length
    ? // Many distinct bodies to one URL (the events bench): each request the next.
      [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }]
    : undefined

/** autocannon: as fast as the connections go, or its burst-per-second rate. */
async function closedLoop() {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    pipelining: 1,
    requests,
    // A fixed rate (requests per second over all connections) instead of as fast as possible.
    ...(rate ? { overallRate: rate } : {}),
    // A fixed number of requests (each of `paths` once, say) instead of a duration.
    ...(amount ? { amount } : {}),
    ...(method ? { method } : {}),
    ...(body ? { body } : {}),
  })
  return {
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    latencyMax: result.latency.max,
    bytesPerSecond: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
  }
}

/**
 * An open loop (wrk2's way): request i is due at start + i ÷ rate, whatever the replies before it
 * did, and its latency counts from when it was due, so a slow reply that delays the next ones is
 * charged to them too (no coordinated omission). Up to `connections` requests are in flight; the
 * rest wait in the agent's queue, and that wait is part of their latency. autocannon's own rate
 * sends each connection's share of a second back to back at the start of the second, which
 * measures a burst at saturation, not the service at that rate.
 */
async function paced() {
  const target = new URL(url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const interval = 1000 / rate
  const latencies = []
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
        const path = paths?.length ? paths[sent % paths.length] : target.pathname + target.search
        sent++
        inFlight++
        const request = http.request(
          { host: target.hostname, port: target.port, path, agent, headers },
          (response) => {
            response.on('data', (chunk) => (bytes += chunk.length))
            response.on('end', () => {
              latencies.push(performance.now() - due)
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
    p99: at(0.99),
    latencyMax: at(1),
    bytesPerSecond: bytes / duration,
    errors,
    timeouts: 0,
    non2xx,
    ok: latencies.length - non2xx,
  }
}

process.send(options.paced ? await paced() : await closedLoop())
