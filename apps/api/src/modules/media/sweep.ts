/**
 * The orphan sweep (issue 22: a process killed mid-upload left 4–6 image sets per kill). Files
 * are stored before their row commits (ADR 004, "the orphan rule"), so a crash between the two —
 * or an after-commit delete that failed — leaves files no row names. At start and every hour, on
 * local disk and S3 alike, this deletes every image of ours whose files are all older than the
 * grace period and whose stem no business or product references.
 *
 * The grace period (1 h) is what makes it safe beside uploads in flight: a request stores its
 * files and commits within seconds (uploads are bounded by the request timeout), so no file that
 * old can belong to a transaction still to commit. Several processes may sweep at once: deletes
 * are idempotent.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { isOwnKey } from './keys.js'
import type { Storage } from './storage/index.js'

export const ORPHAN_GRACE_MS = 60 * 60 * 1000
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000

/** `ab/<stem>-640.webp` → `<stem>`: every variant and the favicon of one image share it. */
function stemOf(key: string): string {
  return key.slice(3, 35)
}

/**
 * The stems every business and product row references (logo, slides, main and extra images).
 * One query over both tables; the set holds ~1.5 stems per product (about 100 MB at a million
 * products — ADR 004 gives the scale path).
 */
export async function referencedStems(db: Executor): Promise<Set<string>> {
  const result = await db.execute(sql`
    SELECT DISTINCT m[1] AS stem
    FROM (
      SELECT image::text || images::text AS doc FROM products
      UNION ALL
      SELECT coalesce(logo::text, '') || slides::text FROM businesses
    ) d,
    regexp_matches(d.doc, '([0-9a-f]{32})-(?:[0-9]{1,5}|favicon)\\.(?:webp|png)', 'g') AS m`)
  const rows = (result as unknown as { rows: { stem: string }[] }).rows
  return new Set(rows.map((row) => row.stem))
}

export interface SweepReport {
  /** Keys deleted. */
  deleted: string[]
  /** Images (all files of one stem) left in place: referenced, or younger than the grace. */
  keptImages: number
}

export async function sweepOrphanMedia(
  db: Executor,
  storage: Storage,
  options: { now?: Date; graceMs?: number } = {},
): Promise<SweepReport> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS)
  // Listed first, referenced second: a row committed meanwhile is seen, never missed.
  const byStem = new Map<string, { keys: string[]; isOld: boolean }>()
  for await (const object of storage.list()) {
    if (!isOwnKey(object.key)) continue
    const stem = stemOf(object.key)
    const entry = byStem.get(stem) ?? { keys: [], isOld: true }
    entry.keys.push(object.key)
    entry.isOld &&= object.modifiedAt.getTime() < cutoff
    byStem.set(stem, entry)
  }
  const candidates = [...byStem].filter(([, entry]) => entry.isOld)
  if (candidates.length === 0) return { deleted: [], keptImages: byStem.size }
  const referenced = await referencedStems(db)
  const deleted: string[] = []
  let orphans = 0
  for (const [stem, entry] of candidates) {
    if (referenced.has(stem)) continue
    orphans++
    for (const key of entry.keys) {
      await storage.delete(key)
      deleted.push(key)
    }
  }
  return { deleted, keptImages: byStem.size - orphans }
}
