/**
 * Common and breached passwords (issue 22, ASVS 2.1.7, NIST SP 800-63B §3.1.1.2), decided by
 * zxcvbn-ts with its common dictionaries (49,000 passwords from breach corpora, keyboard patterns,
 * sequences, dates, l33t and case variants): a password it expects to guess in under a million
 * tries (score 0–1) is refused with `AUTH_MESSAGES.passwordCommon`. ADR 020 says why.
 *
 * A separate entry point (`@vitrina/contracts/password-dictionary`), never re-exported by the
 * package index: the dictionary is ~1 MB of source, which the web app loads only when the password
 * field of the registration form is used, and the API on the first registration.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

/** zxcvbn's score 2 = at least 10⁶ guesses; 0–1 is "too guessable". */
export const MIN_PASSWORD_SCORE = 2

let estimator: ZxcvbnFactory | undefined

export function isCommonPassword(password: string): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
  return estimator.check(password).score < MIN_PASSWORD_SCORE
}
