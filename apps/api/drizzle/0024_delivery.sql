-- Issue 44 (docs/decisions/035-delivery.md): delivery by zone, parcel agency and pickup point.
-- Orders keep what the shopper chose (the zone, agency or point: contracts' DeliveryDetail) and
-- the tracking the owner gives when shipping. Existing shops keep working: a business that
-- delivered with today's single fee and "gratis desde" gets them as one zone covering everything
-- (contracts' legacyZone, the same zone zonesOf reads from settings saved without zones).
ALTER TABLE "orders" ADD COLUMN "delivery_detail" jsonb;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking" jsonb;
--> statement-breakpoint
UPDATE "businesses"
SET "delivery_options" = "delivery_options" || jsonb_build_object(
  'zones',
  jsonb_build_array(
    jsonb_strip_nulls(
      jsonb_build_object(
        'id', 'todo',
        'name', 'Todo el país',
        'places', jsonb_build_array('*'),
        'price', coalesce("delivery_options" -> 'delivery' -> 'fee', '{}'::jsonb),
        'freeFrom', "delivery_options" -> 'delivery' -> 'freeFrom',
        'enabled', true
      )
    )
  )
)
WHERE "delivery_options" IS NOT NULL
  AND jsonb_typeof("delivery_options" -> 'delivery') = 'object'
  AND ("delivery_options" -> 'delivery' ->> 'enabled') = 'true'
  AND NOT ("delivery_options" ? 'zones');
