/**
 * `npm run operator -- add <email>` / `remove <email>` / `list`: the only way an account becomes
 * one of the platform's operators (issue 23 §3); no API route grants the role. The account must
 * exist (registered through the site). Both changes end the account's sessions, so the next
 * login carries the new role in its token and no token keeps a role that was taken away.
 */
import { asc, eq } from 'drizzle-orm'
import type { UserRole } from '@vitrina/contracts'
import type { Executor } from '../db/client.js'
import { users } from '../db/schema/index.js'
import { revokeUserSessions } from '../modules/auth/repository.js'
import type { CommandResult } from './database-command.js'

export const OPERATOR_USAGE = 'Uso: npm run operator -- add <correo> | remove <correo> | list'

async function setRole(db: Executor, email: string, role: UserRole): Promise<CommandResult> {
  const address = email.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ role })
      .where(eq(users.email, address))
      .returning({ id: users.id, email: users.email, isActive: users.isActive })
    if (!user) return { ok: false, output: `No existe una cuenta con el correo "${address}"` }
    await revokeUserSessions(tx, user.id, new Date())
    const done = role === 'operator' ? 'ahora es operador' : 'ya no es operador'
    const inactive = user.isActive ? '' : ' (la cuenta aún no está activada)'
    return { ok: true, output: `${user.email} ${done}${inactive}` }
  })
}

export async function runOperatorCommand(db: Executor, args: string[]): Promise<CommandResult> {
  const [verb, email, ...rest] = args
  if (rest.length > 0) return { ok: false, output: OPERATOR_USAGE }
  if (verb === 'add' && email) return setRole(db, email, 'operator')
  if (verb === 'remove' && email) return setRole(db, email, 'owner')
  if (verb === 'list' && email === undefined) {
    const rows = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.role, 'operator'))
      .orderBy(asc(users.email))
    const lines = rows.map((row) => `${row.email} (${row.name})`)
    return { ok: true, output: lines.length ? lines.join('\n') : 'No hay operadores' }
  }
  return { ok: false, output: OPERATOR_USAGE }
}
