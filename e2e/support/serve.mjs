#!/usr/bin/env node
/**
 * Runs `scripts/start.mjs` for an e2e server with its output in a log file (the journeys read
 * activation links from it). Stops the server with the test runner: on SIGTERM/SIGINT/SIGHUP, and
 * also when the runner that started us is gone, so no server outlives its run.
 */
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'

const [logFile] = process.argv.slice(2)
if (!logFile) throw new Error('usage: serve.mjs <log file>')
const log = createWriteStream(logFile, { flags: 'a' })
const child = spawn(process.execPath, ['scripts/start.mjs'], { stdio: ['ignore', 'pipe', 'pipe'] })
child.stdout.pipe(log)
child.stderr.pipe(log)

const stop = () => child.kill('SIGTERM')
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop)
const parent = process.ppid
const watchdog = setInterval(() => {
  try {
    process.kill(parent, 0)
  } catch {
    stop()
  }
}, 1000)
child.on('exit', (code) => {
  clearInterval(watchdog)
  log.end(() => process.exit(code ?? 0))
})
