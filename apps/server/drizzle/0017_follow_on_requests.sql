ALTER TABLE "orders" ADD COLUMN "follows_sample_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_follows_sample_idx" ON "orders" USING btree ("follows_sample_id");