/** The owner's pixel ids on the business row (issue 46 §3, migration 0028). */
import type { Executor } from '../../db/client.js'
import type { BusinessRow } from '../../db/schema/index.js'
import { updateBusinessRow } from '../businesses/index.js'

export async function writeShopPixels(
  db: Executor,
  businessId: string,
  ids: { ga4MeasurementId: string | null; metaPixelId: string | null },
): Promise<BusinessRow> {
  return updateBusinessRow(db, businessId, ids)
}
