/**
 * What other modules may use of the operator module besides its service (eslint.config.js:
 * modules reach each other only through index.ts or service.ts): the audit log, written in the
 * same transaction as the change it records.
 */
export { recordOperatorAction, type OperatorAction } from './audit.js'
