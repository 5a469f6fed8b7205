/**
 * Runs one autocannon load in a child process (forked by load.ts), so the load generator never
 * shares the event loop of the server it measures. Options arrive as JSON in argv[2].
 */
import autocannon from 'autocannon'

const { url, connections, duration, headers } = JSON.parse(process.argv[2])
const result = await autocannon({ url, connections, duration, headers, pipelining: 1 })
process.send({
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
})
