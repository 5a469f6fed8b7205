/**
 * Spreadsheet imports through the real route: a CSV the way a LatAm spreadsheet writes it (BOM,
 * `;`, CRLF), posted as the owner, and the job's items as the image worker left them.
 */
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { CATALOGUE_COLUMNS as H } from '@vitrina/contracts'
import type { Database } from '../../src/db/client.js'
import { importJobItems } from '../../src/modules/catalogue-io/tables.js'
import { bearer, type TestAccount } from './auth.js'

/** The columns every row needs: code, name, description, price, category, images. */
export const BASIC_COLUMNS = [H.code, H.name, H.description, H.price, H.category, H.images]

export const csvFile = (rows: string[][]) =>
  Buffer.from('\uFEFF' + rows.map((r) => r.join(';')).join('\r\n'), 'utf8')

/** Imports `rows` under the basic columns (confirmed, not a preview). */
export function postImportRows(app: FastifyInstance, owner: TestAccount, rows: string[][]) {
  const form = new FormData()
  form.append('file', new Blob([csvFile([BASIC_COLUMNS, ...rows])], { type: 'text/csv' }), 'p.csv')
  return app.inject({
    method: 'POST',
    url: '/api/products/import?dryRun=false',
    headers: bearer(owner.accessToken),
    payload: form,
  })
}

export const importItemsOf = (db: Database, jobId: string) =>
  db.select().from(importJobItems).where(eq(importJobItems.jobId, jobId))
