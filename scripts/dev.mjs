#!/usr/bin/env node
/** `npm run dev`: the API with reload on :3000 and the Vite dev server on :5173 (proxying /api). */
import { spawn } from 'node:child_process'

const children = [
  spawn('npm', ['run', 'dev', '-w', '@vitrina/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@vitrina/web'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && stop())
