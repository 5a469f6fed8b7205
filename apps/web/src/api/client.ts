/**
 * The one HTTP client of the web app (SPEC §7, ARCHITECTURE.md "HTTP contract").
 *
 * - Base `/api`; JSON or FormData bodies; the stored access token goes out as bearer.
 * - A 401 from any call except refresh and login triggers exactly one refresh and one retry.
 *   Concurrent 401s share a single refresh (one promise in this tab, the `vitrina-refresh` Web
 *   Lock across tabs). Inside the lock the tokens are read again: when another tab has already
 *   rotated them, its new pair is used instead of refreshing a second time (refresh tokens are
 *   single-use, so a second refresh would look like token theft to the server).
 * - When the refresh fails, or there is no refresh token, the session is cleared and the
 *   session-expired handler runs (the app sends the user to /auth/login).
 * - No default timeout (SPEC §7); pass an AbortSignal to cancel.
 * - Requests go out through `fetch`; the server's render (ssr/entry-server.tsx) sends them to the
 *   API in-process instead (`setTransport`).
 */
import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { TokenPair } from '@vitrina/contracts'
import { clearSessionStorage, tokenStorage } from '../lib/storage'
import { ApiError, apiErrorFromBody } from './api-error'

export { ApiError, isApiError } from './api-error'

export const API_BASE = '/api'
const REFRESH_PATH = '/auth/refresh'
const LOGIN_PATH = '/auth/login'
const REFRESH_LOCK = 'vitrina-refresh'

/** An array is sent as a repeated key (`option=Talle:M&option=Color:Azul`). */
type QueryValue = string | number | boolean | null | undefined | readonly string[]

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Plain values are sent as JSON; FormData as multipart. */
  body?: unknown
  /** Added to the address; undefined, null and '' are left out. */
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Validates the reply (e.g. a contracts zod schema); its result is returned. */
  schema?: { parse: (data: unknown) => T }
  /** Do not refresh-and-retry on 401 (logout, calls where 401 is an expected answer). */
  skipAuthRefresh?: boolean
}

export interface UploadProgress {
  loaded: number
  total: number
  /** 0–100, or null when the browser cannot tell the total size. */
  percent: number | null
}

export interface UploadOptions<T> {
  method?: 'POST' | 'PUT' | 'PATCH'
  signal?: AbortSignal
  schema?: { parse: (data: unknown) => T }
  onProgress?: (progress: UploadProgress) => void
}

/** How a request reaches the API: the browser's fetch, or the server's in-process one. */
let transport: typeof fetch = (input, init) => fetch(input, init)

/** The server's render installs its own transport, once (ssr/entry-server.tsx). */
export function setTransport(next: typeof fetch): void {
  transport = next
}

let onSessionExpired: () => void = () => {
  window.location.assign('/auth/login')
}

/** The app installs a router navigation here; the default is a full page load. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const item of value as string[]) params.append(key, item)
    else params.set(key, String(value))
  }
  const search = params.toString()
  return `${API_BASE}${path}${search ? `?${search}` : ''}`
}

function isRefreshExempt(path: string): boolean {
  const pathname = path.split('?')[0]
  return pathname === REFRESH_PATH || pathname === LOGIN_PATH
}

// ── refresh ───────────────────────────────────────────────────────────────────────────────

let refreshInFlight: Promise<string | null> | null = null

// A hand-written check instead of the contracts' zod schema keeps zod out of the first visit's bundle.
function isTokenPair(value: unknown): value is TokenPair {
  const pair = value as Partial<TokenPair> | null
  return typeof pair?.access_token === 'string' && typeof pair.refresh_token === 'string'
}

/**
 * Returns a usable access token after a 401 that was answered to `staleToken`, or null when the
 * session cannot be renewed (the session is then already cleared and the handler called).
 */
function renewAccessToken(staleToken: string | null): Promise<string | null> {
  refreshInFlight ??= withRefreshLock(() => refreshUnlessRotated(staleToken)).finally(() => {
    refreshInFlight = null
  })
  return refreshInFlight
}

function withRefreshLock(task: () => Promise<string | null>): Promise<string | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  // (DOM typings say Promise<Promise<T>>; the lock resolves with the callback's settled value.)
  if (locks?.request) return locks.request(REFRESH_LOCK, task).then((result) => result)
  return task()
}

async function refreshUnlessRotated(staleToken: string | null): Promise<string | null> {
  // Re-read inside the lock: another tab (or an earlier refresh here) may have rotated already.
  const current = tokenStorage.getAccessToken()
  if (current && current !== staleToken) return current
  const refreshToken = tokenStorage.getRefreshToken()
  if (!refreshToken) return expireSession()

  try {
    const response = await fetch(`${API_BASE}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${refreshToken}` },
    })
    if (response.ok) {
      const pair: unknown = await response.json()
      if (isTokenPair(pair)) {
        tokenStorage.setTokens(pair)
        return pair.access_token
      }
    }
  } catch (error) {
    console.warn('No se pudo renovar la sesión', error)
  }
  // Without Web Locks another tab may have won the race; its `storage` event updated our
  // storage, so a different refresh token now means that tab's new pair is ours to use.
  const latestRefresh = tokenStorage.getRefreshToken()
  const latestAccess = tokenStorage.getAccessToken()
  if (latestRefresh && latestRefresh !== refreshToken && latestAccess) return latestAccess
  return expireSession()
}

function expireSession(): null {
  clearSessionStorage()
  onSessionExpired()
  return null
}

// ── fetch ─────────────────────────────────────────────────────────────────────────────────

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function send(url: string, options: RequestOptions<unknown>, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) {
    body = options.body // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (token) headers.Authorization = `Bearer ${token}`
  return transport(url, { method: options.method ?? 'GET', headers, body, signal: options.signal })
}

function parseReply<T>(data: unknown, schema: RequestOptions<T>['schema']): T {
  if (!schema) return data as T
  try {
    return schema.parse(data)
  } catch (error) {
    console.error('Respuesta inesperada del servidor', error)
    throw new ApiError(500, GENERIC_MESSAGES.tryAgainLater)
  }
}

export async function request<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const url = buildUrl(path, options.query)
  const token = tokenStorage.getAccessToken()
  let response: Response
  try {
    response = await send(url, options, token)
    if (response.status === 401 && !options.skipAuthRefresh && !isRefreshExempt(path)) {
      const renewed = await renewAccessToken(token)
      if (!renewed) throw new ApiError(401, AUTH_MESSAGES.sessionExpired)
      response = await send(url, options, renewed)
    }
  } catch (error) {
    if (error instanceof ApiError || (error as Error)?.name === 'AbortError') throw error
    console.error(`${options.method ?? 'GET'} ${url} falló`, error)
    throw new ApiError(0, GENERIC_MESSAGES.tryAgainLater)
  }

  const data = await readBody(response)
  if (!response.ok) {
    if (response.status >= 500) console.error(`${options.method ?? 'GET'} ${url}`, response.status)
    throw apiErrorFromBody(response.status, data)
  }
  return parseReply(data, options.schema)
}

/**
 * A file the API sends (a CSV export): the same auth, refresh and error rules as `request`, the
 * reply kept as bytes (a text reply would lose a UTF-8 BOM).
 */
export async function requestBlob(
  path: string,
  options: Pick<RequestOptions<Blob>, 'query' | 'signal'> = {},
): Promise<Blob> {
  const url = buildUrl(path, options.query)
  const token = tokenStorage.getAccessToken()
  const sendOptions = { ...options, headers: { Accept: '*/*' } }
  let response: Response
  try {
    response = await send(url, sendOptions, token)
    if (response.status === 401) {
      const renewed = await renewAccessToken(token)
      if (!renewed) throw new ApiError(401, AUTH_MESSAGES.sessionExpired)
      response = await send(url, sendOptions, renewed)
    }
  } catch (error) {
    if (error instanceof ApiError || (error as Error)?.name === 'AbortError') throw error
    console.error(`GET ${url} falló`, error)
    throw new ApiError(0, GENERIC_MESSAGES.tryAgainLater)
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await readBody(response))
  return response.blob()
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
  upload,
}

// ── upload (XHR, for progress) ────────────────────────────────────────────────────────────

interface XhrReply {
  status: number
  body: unknown
}

function sendXhr(
  url: string,
  formData: FormData,
  options: UploadOptions<unknown>,
  token: string | null,
): Promise<XhrReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(options.method ?? 'POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: event.lengthComputable ? Math.round((event.loaded / event.total) * 100) : null,
      })
    }
    xhr.onload = () => {
      let body: unknown = xhr.responseText || undefined
      if (typeof body === 'string' && xhr.getResponseHeader('content-type')?.includes('json')) {
        try {
          body = JSON.parse(body)
        } catch {
          // keep the text
        }
      }
      resolve({ status: xhr.status, body })
    }
    xhr.onerror = () => reject(new ApiError(0, GENERIC_MESSAGES.tryAgainLater))
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'))
    if (options.signal) {
      if (options.signal.aborted) return xhr.abort()
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    xhr.send(formData)
  })
}

/** Multipart upload with progress events; same auth, refresh and error rules as `request`. */
export async function upload<T = unknown>(
  path: string,
  formData: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const url = buildUrl(path)
  const token = tokenStorage.getAccessToken()
  let reply = await sendXhr(url, formData, options, token)
  if (reply.status === 401) {
    const renewed = await renewAccessToken(token)
    if (!renewed) throw new ApiError(401, AUTH_MESSAGES.sessionExpired)
    reply = await sendXhr(url, formData, options, renewed)
  }
  if (reply.status < 200 || reply.status >= 300) throw apiErrorFromBody(reply.status, reply.body)
  return parseReply(reply.body, options.schema)
}
