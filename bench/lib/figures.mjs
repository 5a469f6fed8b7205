/** The figures the load workers send back, from an autocannon result (paced.mjs makes its own). */
export function autocannonFigures(result) {
  return {
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    latencyMax: result.latency.max,
    bytesPerSecond: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
  }
}
