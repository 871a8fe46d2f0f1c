-- Substring search (ILIKE '%…%') on the sample list uses trigram indexes
-- instead of reading every client and sample of a facility.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_search_trgm" ON "clients" USING gin (("first_name" || ' ' || "last_name" || ' ' || "other_names" || ' ' || "phone") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_identifiers_identifier_trgm" ON "client_identifiers" USING gin ("identifier" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "general_orders_lab_number_trgm" ON "general_orders" USING gin ("lab_number" gin_trgm_ops);
