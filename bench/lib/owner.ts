/**
 * A business owner made through the real routes, as a person would: register, follow the
 * activation link from the mail the app queued, log in. For the benches that need an
 * authenticated owner on a scratch app (lib/scratch-app.ts).
 */
import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { mailOutbox, users } from '../../apps/api/src/db/schema/index.js'

export interface BenchOwner {
  email: string
  userId: string
  accessToken: string
}

export async function owner(app: FastifyInstance, name: string): Promise<BenchOwner> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`
  const password = 'Caracol4Azul'
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password },
  })
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  const token = app.mail.render(mail!).text.match(/\/auth\/activar\/([A-Za-z0-9_-]+)/)![1]
  await app.inject({ method: 'POST', url: `/api/auth/activar/${token}` })
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  })
  const [user] = await app.db.select().from(users).where(eq(users.email, email))
  return { email, userId: user!.id, accessToken: login.json().access_token as string }
}
