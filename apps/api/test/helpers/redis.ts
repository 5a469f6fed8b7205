/**
 * Redis for the tests of several processes (issue 22 §3). TEST_REDIS_URL names a Redis server;
 * without it those tests are skipped (CI sets it and vitest.config.ts refuses CI=true without it).
 * Each caller gets a key prefix of its own, so parallel files and runs never share a counter.
 */
import { randomBytes } from 'node:crypto'

export const testRedisUrl = process.env.TEST_REDIS_URL || undefined

export function uniqueRedisPrefix(): string {
  return `vitrina-test:${process.pid}:${randomBytes(4).toString('hex')}:`
}

/** The environment that points an app at the test Redis, with a fresh prefix. */
export function redisEnv(url = testRedisUrl): Record<string, string> {
  if (!url) throw new Error('TEST_REDIS_URL is not set')
  return { REDIS_URL: url, REDIS_PREFIX: uniqueRedisPrefix() }
}

/** The port of a redis:// URL (for a proxy in front of it). */
export function redisPort(url: string): number {
  return Number(new URL(url).port || 6379)
}
