-- One sample lifecycle for every programme (DESIGN §4): an order holds one or
-- more samples, each with its own sample type, barcode, status and reception
-- decision; each test belongs to the sample it is run on. Every existing
-- order becomes an order with one sample whose id is the order's id, so
-- references kept elsewhere (audit rows, links) still name the same sample.
ALTER TABLE "general_orders" RENAME TO "orders";--> statement-breakpoint
ALTER SEQUENCE "general_orders_id_seq" RENAME TO "orders_id_seq";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "general_orders_pkey" TO "orders_pkey";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "general_orders_lab_number_unique" TO "orders_lab_number_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "general_orders_facility_id_facilities_id_fk" TO "orders_facility_id_facilities_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "general_orders_program_id_programs_id_fk" TO "orders_program_id_programs_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "general_orders_client_id_clients_id_fk" TO "orders_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "test_orders" RENAME CONSTRAINT "test_orders_order_id_general_orders_id_fk" TO "test_orders_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "general_orders_client_idx" RENAME TO "orders_client_idx";--> statement-breakpoint
ALTER INDEX "general_orders_facility_created_idx" RENAME TO "orders_facility_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "form" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"barcode" text NOT NULL,
	"sample_type_id" integer,
	"container" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"held_from" integer,
	"collected_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"rejection_reason_id" integer,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "samples" ("id", "order_id", "facility_id", "program_id", "seq", "barcode", "sample_type_id", "status", "held_from",
		"collected_at", "received_at", "completed", "completed_at", "created_at", "updated_at")
	SELECT "id", "id", "facility_id", "program_id", 1, "lab_number", "sample_type_id", "status", "held_from",
		"collected_at", "received_at", "completed", "completed_at", "created_at", "updated_at"
	FROM "orders";--> statement-breakpoint
SELECT setval('samples_id_seq', greatest((SELECT max("id") FROM "samples"), 1), (SELECT count(*) > 0 FROM "samples"));--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_rejection_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("rejection_reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "samples_barcode_uq" ON "samples" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "samples_order_seq_uq" ON "samples" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "samples_facility_program_created_idx" ON "samples" USING btree ("facility_id","program_id","created_at");--> statement-breakpoint
CREATE INDEX "samples_facility_program_status_idx" ON "samples" USING btree ("facility_id","program_id","status","created_at");--> statement-breakpoint
CREATE INDEX "samples_facility_received_idx" ON "samples" USING btree ("facility_id","received_at");--> statement-breakpoint
CREATE INDEX "samples_open_idx" ON "samples" USING btree ("facility_id","program_id","status","created_at") WHERE not completed;--> statement-breakpoint
-- Scanning or typing a barcode (or the lab number it starts with) finds the sample through its trigram index.
CREATE INDEX "samples_barcode_trgm" ON "samples" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "test_orders" ADD COLUMN "sample_id" integer;--> statement-breakpoint
ALTER TABLE "test_orders" ADD COLUMN "program_id" integer;--> statement-breakpoint
UPDATE "test_orders" t SET "sample_id" = t."order_id", "program_id" = o."program_id" FROM "orders" o WHERE o."id" = t."order_id";--> statement-breakpoint
ALTER TABLE "test_orders" ALTER COLUMN "sample_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_orders" ALTER COLUMN "program_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_orders_sample_idx" ON "test_orders" USING btree ("sample_id");--> statement-breakpoint
-- The order keeps what is the request's; what is the specimen's moved to its sample.
DROP TRIGGER "general_orders_count_insert" ON "orders";--> statement-breakpoint
DROP TRIGGER "general_orders_count_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "general_orders_count_delete" ON "orders";--> statement-breakpoint
DROP INDEX "general_orders_facility_status_idx";--> statement-breakpoint
DROP INDEX "general_orders_facility_received_idx";--> statement-breakpoint
DROP INDEX "general_orders_open_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "general_orders_lab_number_trgm";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "general_orders_sample_type_id_sample_types_id_fk";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "held_from";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "sample_type_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "collected_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "received_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "completed";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "completed_at";--> statement-breakpoint
-- Running counts per facility, programme and status (samples by sample status, tests by status).
DROP TRIGGER "test_orders_count_insert" ON "test_orders";--> statement-breakpoint
DROP TRIGGER "test_orders_count_update" ON "test_orders";--> statement-breakpoint
DROP TRIGGER "test_orders_count_delete" ON "test_orders";--> statement-breakpoint
DROP FUNCTION "count_statuses"();--> statement-breakpoint
DROP TABLE "status_counts";--> statement-breakpoint
CREATE TABLE "status_counts" (
  "facility_id" integer NOT NULL,
  "program_id" integer NOT NULL,
  "kind" text NOT NULL,
  "status" integer NOT NULL,
  "count" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("facility_id", "program_id", "kind", "status")
);--> statement-breakpoint
CREATE FUNCTION "count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO status_counts AS s (facility_id, program_id, kind, status, count)
      SELECT facility_id, program_id, TG_ARGV[0], status, -count(*) FROM old_rows GROUP BY facility_id, program_id, status
      ON CONFLICT (facility_id, program_id, kind, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO status_counts AS s (facility_id, program_id, kind, status, count)
      SELECT facility_id, program_id, TG_ARGV[0], status, count(*) FROM new_rows GROUP BY facility_id, program_id, status
      ON CONFLICT (facility_id, program_id, kind, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "samples_count_insert" AFTER INSERT ON "samples" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('sample');--> statement-breakpoint
CREATE TRIGGER "samples_count_update" AFTER UPDATE ON "samples" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('sample');--> statement-breakpoint
CREATE TRIGGER "samples_count_delete" AFTER DELETE ON "samples" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('sample');--> statement-breakpoint
CREATE TRIGGER "test_orders_count_insert" AFTER INSERT ON "test_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('test');--> statement-breakpoint
CREATE TRIGGER "test_orders_count_update" AFTER UPDATE ON "test_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('test');--> statement-breakpoint
CREATE TRIGGER "test_orders_count_delete" AFTER DELETE ON "test_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('test');--> statement-breakpoint
INSERT INTO status_counts (facility_id, program_id, kind, status, count)
  SELECT facility_id, program_id, 'sample', status, count(*) FROM samples GROUP BY facility_id, program_id, status;--> statement-breakpoint
INSERT INTO status_counts (facility_id, program_id, kind, status, count)
  SELECT facility_id, program_id, 'test', status, count(*) FROM test_orders GROUP BY facility_id, program_id, status;
