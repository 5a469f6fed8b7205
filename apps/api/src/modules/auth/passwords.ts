/**
 * Password hashing with argon2id at the OWASP Password Storage Cheat Sheet's baseline
 * (m = 19 MiB, t = 2, p = 1). The PHC string keeps its parameters, so they can be raised later
 * and old hashes still verify.
 */
import { randomBytes } from 'node:crypto'
import { hash, verify, type Options } from '@node-rs/argon2'

const ARGON2ID = 2 // Algorithm.Argon2id (a const enum, which isolated modules cannot import)

export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // A malformed stored hash is a failed login, never a 500 that tells the two cases apart.
    return false
  }
}

let dummyHash: Promise<string> | undefined

function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'))
  return dummyHash
}

export async function warmUpPasswordHashing(): Promise<void> {
  await getDummyHash()
}

/**
 * Verifies against a throw-away hash with the same cost, so a login for an unknown e-mail takes
 * as long as one with a wrong password and does not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await getDummyHash(), password)
  return false
}
