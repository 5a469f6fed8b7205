/**
 * Runs one load in a child process (forked by load.ts), so the load generator never
 * shares the event loop of the server it measures. Options arrive as JSON in argv[2].
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { autocannonFigures } from './figures.mjs'
import { pacedLoad } from './paced.mjs'

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
  return autocannonFigures(result)
}

// The URL's own path and query, asked every time when there is no list of paths.
const target = new URL(url)
const urlPath = target.pathname + target.search

process.send(
  options.paced
    ? await pacedLoad({
        base: url,
        pathOf: paths?.length ? (n) => paths[n % paths.length] : () => urlPath,
        connections,
        duration,
        rate,
        headers,
      })
    : await closedLoop(),
)
