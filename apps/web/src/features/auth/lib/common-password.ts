/**
 * The common-password check of the registration form (ADR 020). The dictionary is ~1 MB of
 * source, so it is imported only when the password field is first used, never in a page's first
 * load; the resolver awaits it when the form is validated.
 */
import type * as PasswordDictionary from '@vitrina/contracts/password-dictionary'

type Dictionary = typeof PasswordDictionary

let loading: Promise<Dictionary> | undefined

/** Starts (or joins) the download; call it when the password field gets focus. */
export function loadPasswordDictionary(): Promise<Dictionary> {
  loading ??= import('@vitrina/contracts/password-dictionary').catch((error: unknown) => {
    // A failed download is retried on the next use; the API checks the password anyway.
    loading = undefined
    throw error
  })
  return loading
}

/** True when the password is common; false too when the dictionary cannot be loaded. */
export async function isCommonPasswordLazy(password: string): Promise<boolean> {
  try {
    return (await loadPasswordDictionary()).isCommonPassword(password)
  } catch {
    return false
  }
}
