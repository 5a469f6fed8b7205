/**
 * A fake `fetch` at the network boundary: routes "METHOD /api/path" to handlers and records
 * every call. Handlers return a status and JSON body (or a Response for anything unusual).
 */
import { vi } from 'vitest'

export interface RecordedCall {
  method: string
  path: string
  headers: Record<string, string>
  body: unknown
}

type Reply = { status?: number; body?: unknown } | Response
type Handler = (call: RecordedCall) => Reply | Promise<Reply>

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

export function installFakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, key) => (headers[key] = value))
    let body: unknown = init.body
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        // keep text
      }
    }
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: `${url.pathname}${url.search}`,
      headers,
      body,
    }
    calls.push(call)
    const handler = routes[`${call.method} ${url.pathname}`]
    if (!handler)
      return json(404, { statusCode: 404, error: 'Not Found', message: 'Recurso no encontrado' })
    const reply = await handler(call)
    return reply instanceof Response ? reply : json(reply.status ?? 200, reply.body)
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === key),
  }
}
