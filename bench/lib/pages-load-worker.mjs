/**
 * One load over many addresses (forked by pages-load.ts): every request takes the
 * next address of the list, round robin over all connections, so 50 connections ask for 50
 * different pages at any moment instead of the same one in step. Options arrive as JSON in
 * argv[2]; the result (and the status codes seen) comes back over IPC.
 */
import autocannon from 'autocannon'
import { autocannonFigures } from './figures.mjs'
import { pacedLoad } from './paced.mjs'

const { base, paths, connections, duration, unique, headers, rate } = JSON.parse(process.argv[2])
let next = 0
/**
 * `unique`: a parameter the pages ignore makes every request's address new (a page-cache miss);
 * this worker's pid keeps it new across the warm-up's worker and the measurement's.
 */
const pathOf = (n) => {
  const path = paths[n % paths.length]
  return unique ? `${path}${path.includes('?') ? '&' : '?'}_=${process.pid}-${n}` : path
}
const statuses = {}
async function closedLoop() {
  const instance = autocannon({
    url: base,
    connections,
    duration,
    headers,
    pipelining: 1,
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(next++) }) },
    ],
  })
  instance.on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
  })
  const result = await instance
  return { ...autocannonFigures(result), statuses }
}

// `rate`: an open loop at that rate (paced.mjs), the budget's case; otherwise as fast as the
// connections go.
process.send(
  rate
    ? await pacedLoad({ base, pathOf, connections, duration, rate, headers })
    : await closedLoop(),
)
