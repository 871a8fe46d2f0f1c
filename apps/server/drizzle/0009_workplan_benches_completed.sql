ALTER TABLE "facility_test_services" ADD COLUMN "bench_id" integer;--> statement-breakpoint
ALTER TABLE "general_orders" ADD COLUMN "completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "general_orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_test_services" ADD CONSTRAINT "facility_test_services_bench_id_benches_id_fk" FOREIGN KEY ("bench_id") REFERENCES "public"."benches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "general_orders_open_idx" ON "general_orders" USING btree ("facility_id","status","created_at") WHERE not completed;--> statement-breakpoint
CREATE INDEX "test_orders_workplan_idx" ON "test_orders" USING btree ("facility_id","due_at") WHERE status in (3, 8, 9);--> statement-breakpoint
-- Samples already finished before the flag existed: every test not rejected or cancelled has an approved result.
UPDATE "general_orders" o SET "completed" = true, "completed_at" = coalesce(
  (SELECT max(r."approved_at") FROM "results" r JOIN "test_orders" t ON t."id" = r."test_order_id" WHERE t."order_id" = o."id" AND r."current"), o."updated_at")
WHERE o."status" IN (3, 11, 12, 14)
  AND EXISTS (SELECT 1 FROM "test_orders" t WHERE t."order_id" = o."id" AND t."status" = 7)
  AND NOT EXISTS (SELECT 1 FROM "test_orders" t WHERE t."order_id" = o."id" AND t."status" NOT IN (7, 4, 16));
