-- Issue 44 §3 (ADR 035): the shop's own WhatsApp text per order status, for the owner's order
-- page ({"confirmado": "¡Hola {nombre}! …"}); a missing status uses contracts' default, so every
-- existing shop keeps today's messages.
ALTER TABLE "businesses" ADD COLUMN "whatsapp_templates" jsonb DEFAULT '{}'::jsonb NOT NULL;
