/**
 * Order codes and tokens (docs/decisions/024-orders.md). The code ('P-7K3Q') is for people: short,
 * readable aloud, unique within its business, not secret. The token is the secret of the
 * shopper's page: 32 random bytes, of which only the SHA-256 is stored.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { ORDER_CODE_ALPHABET } from '@vitrina/contracts'

/** Four characters first (810,000 codes); one more after every few collisions. */
export const ORDER_CODE_MIN_LENGTH = 4
export const ORDER_CODE_MAX_LENGTH = 8
export const ORDER_CODE_TRIES_PER_LENGTH = 3

/** A code of `length` characters drawn uniformly (crypto.randomInt has no modulo bias). */
export function orderCode(length = ORDER_CODE_MIN_LENGTH): string {
  let code = 'P-'
  for (let i = 0; i < length; i++)
    code += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)]
  return code
}

/** The length of the `attempt`-th try (0-based): 4, 4, 4, 5, 5, 5, 6, … up to 8. */
export function codeLengthFor(attempt: number): number {
  return Math.min(
    ORDER_CODE_MIN_LENGTH + Math.floor(attempt / ORDER_CODE_TRIES_PER_LENGTH),
    ORDER_CODE_MAX_LENGTH,
  )
}

export function newOrderToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
