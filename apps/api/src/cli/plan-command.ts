/**
 * `npm run plan -- <identifier> [free|pro]`: the operator's tool for a business's effective plan
 * (issue 22). The plan an owner picks in the wizard is only a request; until the platform's plan
 * requests exist, this is the one way a business becomes pro (or free again). Without a plan it
 * shows both.
 */
import { PLAN_TYPES, PLANS, type PlanType } from '@vitrina/contracts'
import type { Executor } from '../db/client.js'
import type { BusinessRow } from '../db/schema/index.js'
import { findBusinessByIdentifier, setEffectivePlan } from '../modules/businesses/repository.js'
import type { CommandResult } from './database-command.js'

export const PLAN_USAGE = 'Uso: npm run plan -- <identificador> [free|pro]'

function isPlanType(value: string): value is PlanType {
  return (PLAN_TYPES as readonly string[]).includes(value)
}

function describe(row: BusinessRow): string {
  return (
    `${row.identifier} (${row.name}): plan efectivo ${row.effectivePlan} ` +
    `(${PLANS[row.effectivePlan].name}), solicitado ${row.planType}`
  )
}

export async function runPlanCommand(db: Executor, args: string[]): Promise<CommandResult> {
  const [identifier, plan, ...rest] = args
  if (!identifier || rest.length > 0 || (plan !== undefined && !isPlanType(plan))) {
    return { ok: false, output: PLAN_USAGE }
  }
  const row =
    plan === undefined
      ? await findBusinessByIdentifier(db, identifier)
      : await setEffectivePlan(db, identifier, plan)
  if (!row)
    return { ok: false, output: `No existe un negocio con el identificador "${identifier}"` }
  return { ok: true, output: describe(row) }
}
