-- Running counts of samples and tests per facility and status, kept by
-- statement-level triggers in the same transaction as every move, so the
-- sidebar badges and list counts read a handful of rows instead of
-- counting millions.
CREATE TABLE "status_counts" (
  "facility_id" integer NOT NULL,
  "kind" text NOT NULL,
  "status" integer NOT NULL,
  "count" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("facility_id", "kind", "status")
);
--> statement-breakpoint
CREATE FUNCTION "count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO status_counts AS s (facility_id, kind, status, count)
      SELECT facility_id, TG_ARGV[0], status, -count(*) FROM old_rows GROUP BY facility_id, status
      ON CONFLICT (facility_id, kind, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO status_counts AS s (facility_id, kind, status, count)
      SELECT facility_id, TG_ARGV[0], status, count(*) FROM new_rows GROUP BY facility_id, status
      ON CONFLICT (facility_id, kind, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "general_orders_count_insert" AFTER INSERT ON "general_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('sample');
--> statement-breakpoint
CREATE TRIGGER "general_orders_count_update" AFTER UPDATE ON "general_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('sample');
--> statement-breakpoint
CREATE TRIGGER "general_orders_count_delete" AFTER DELETE ON "general_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('sample');
--> statement-breakpoint
CREATE TRIGGER "test_orders_count_insert" AFTER INSERT ON "test_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('test');
--> statement-breakpoint
CREATE TRIGGER "test_orders_count_update" AFTER UPDATE ON "test_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('test');
--> statement-breakpoint
CREATE TRIGGER "test_orders_count_delete" AFTER DELETE ON "test_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('test');
--> statement-breakpoint
INSERT INTO status_counts (facility_id, kind, status, count)
  SELECT facility_id, 'sample', status, count(*) FROM general_orders GROUP BY facility_id, status;
--> statement-breakpoint
INSERT INTO status_counts (facility_id, kind, status, count)
  SELECT facility_id, 'test', status, count(*) FROM test_orders GROUP BY facility_id, status;
