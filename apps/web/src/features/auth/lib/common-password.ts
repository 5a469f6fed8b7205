/**
 * The common-password check of the forms that set a password (ADR 020). The dictionary is ~1 MB of
 * source, so it is imported only when the password field is first used, never in a page's first
 * load; the resolver awaits it when the form is validated.
 */
import { AUTH_MESSAGES } from '@vitrina/contracts'
import type * as PasswordDictionary from '@vitrina/contracts/password-dictionary'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'

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

/**
 * A form's contracts resolver, then the dictionary when the new password passes every other
 * rule: the refusal the API would answer, shown before submit (registration, reset, profile).
 */
export function withCommonPasswordCheck<T extends FieldValues & { password: string }>(
  resolver: Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    if (result.errors.password || !(await isCommonPasswordLazy(values.password))) return result
    const password = { type: 'common', message: AUTH_MESSAGES.passwordCommon }
    return { values: {}, errors: { ...result.errors, password } as FieldErrors<T> }
  }
}
