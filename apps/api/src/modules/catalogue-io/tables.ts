/** Issue 27 §1 (migration 0018): confirmed imports whose images are downloaded in the background. */
import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export interface ImageFailure {
  url: string
  message: string
}

export const importJobs = pgTable('import_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id').notNull(),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const importJobItems = pgTable('import_job_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull(),
  productId: uuid('product_id'),
  row: integer('row').notNull(),
  urls: text('urls').array().notNull(),
  /** 'pending' until every URL was tried (then 'done', failures listed). */
  status: text('status').$type<'pending' | 'done'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** Due when this has passed: at once when written, a lease after a claim. */
  leaseUntil: timestamp('lease_until', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  failures: jsonb('failures').$type<ImageFailure[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
