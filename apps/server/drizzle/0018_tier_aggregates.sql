CREATE TABLE "numeric_class_rules" (
	"test_type_id" integer PRIMARY KEY NOT NULL,
	"suppressed_max" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_class_rules" (
	"test_type_id" integer NOT NULL,
	"value" text NOT NULL,
	"result_class" text NOT NULL,
	CONSTRAINT "result_class_rules_test_type_id_value_pk" PRIMARY KEY("test_type_id","value")
);
--> statement-breakpoint
CREATE TABLE "test_daily" (
	"test_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"facility_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"result_class" text NOT NULL,
	"tests" integer NOT NULL,
	"collect_receive_n" integer NOT NULL,
	"collect_receive_s" bigint NOT NULL,
	"receive_release_n" integer NOT NULL,
	"receive_release_s" bigint NOT NULL,
	"collect_release_n" integer NOT NULL,
	"collect_release_s" bigint NOT NULL,
	CONSTRAINT "test_daily_test_type_id_day_facility_id_program_id_method_id_result_class_pk" PRIMARY KEY("test_type_id","day","facility_id","program_id","method_id","result_class")
);
--> statement-breakpoint
CREATE TABLE "test_facts" (
	"test_order_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"facility_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"result_class" text NOT NULL,
	"collect_receive_s" bigint,
	"receive_release_s" bigint,
	"collect_release_s" bigint
);
--> statement-breakpoint
CREATE INDEX "test_daily_program_day_idx" ON "test_daily" USING btree ("program_id","day");--> statement-breakpoint
CREATE INDEX "test_daily_facility_day_idx" ON "test_daily" USING btree ("facility_id","day");--> statement-breakpoint
-- A test's class from its status and current result (contracts' RESULT_CLASSES): rejected, cancelled, still
-- pending, or, released, by the viral-load cut-off, by the coded value's rule (for the test, then for any test),
-- else negative for a coded value and value for a number.
CREATE FUNCTION "test_result_class"(p_status integer, p_test integer, p_text text, p_num numeric) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_status = 4 THEN 'rejected'
    WHEN p_status = 16 THEN 'cancelled'
    WHEN p_status <> 7 THEN 'pending'
    WHEN n.test_type_id IS NOT NULL THEN CASE
      WHEN p_text = 'TARGET NOT DETECTED' OR p_text = '<' OR p_num <= 0 THEN 'undetectable'
      WHEN p_num IS NULL THEN 'invalid'
      WHEN p_num > n.suppressed_max OR (p_text = '>' AND p_num >= n.suppressed_max) THEN 'unsuppressed'
      ELSE 'suppressed' END
    ELSE coalesce(
      (SELECT r.result_class FROM result_class_rules r WHERE r.test_type_id = p_test AND r.value = p_text),
      (SELECT r.result_class FROM result_class_rules r WHERE r.test_type_id = 0 AND r.value = p_text),
      CASE WHEN coalesce(p_text, '') NOT IN ('', '<', '>') THEN 'negative' ELSE 'value' END)
  END
  FROM (SELECT 1) one LEFT JOIN numeric_class_rules n ON n.test_type_id = p_test
$$;
--> statement-breakpoint
-- The facts of these tests (every test when ids is null), written only where they changed. Its day is the
-- Lagos day (UTC+1 all year) of the sample's collection, or of the order when not collected; the turnaround
-- legs are kept for released tests.
CREATE FUNCTION "refresh_test_facts"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Planned at every call (EXECUTE), never from a plan cached for another size: a move's few tests are read by
  -- key; only a rebuild (ids null) reads every test.
  EXECUTE format($sql$
    INSERT INTO test_facts AS f (test_order_id, day, facility_id, program_id, test_type_id, method_id, result_class,
                                 collect_receive_s, receive_release_s, collect_release_s)
    SELECT t.id, ((coalesce(s.collected_at, t.created_at) AT TIME ZONE 'UTC') + interval '1 hour')::date,
           t.facility_id, t.program_id, t.test_type_id, coalesce(r.method_id, 0),
           test_result_class(t.status, t.test_type_id, r.value_text, r.value_numeric),
           CASE WHEN t.status = 7 AND s.received_at >= s.collected_at THEN extract(epoch FROM s.received_at - s.collected_at)::bigint END,
           CASE WHEN t.status = 7 AND r.approved_at >= s.received_at THEN extract(epoch FROM r.approved_at - s.received_at)::bigint END,
           CASE WHEN t.status = 7 AND r.approved_at >= s.collected_at THEN extract(epoch FROM r.approved_at - s.collected_at)::bigint END
    FROM %s u
    JOIN test_orders t ON t.id = u.id
    JOIN samples s ON s.id = t.sample_id
    LEFT JOIN LATERAL (
      SELECT x.value_text, x.value_numeric, x.method_id, x.approved_at FROM results x
      WHERE x.test_order_id = t.id AND x.current ORDER BY x.version DESC, x.id DESC LIMIT 1
    ) r ON true
    ORDER BY t.id
    ON CONFLICT (test_order_id) DO UPDATE SET
      day = excluded.day, facility_id = excluded.facility_id, program_id = excluded.program_id, test_type_id = excluded.test_type_id,
      method_id = excluded.method_id, result_class = excluded.result_class, collect_receive_s = excluded.collect_receive_s,
      receive_release_s = excluded.receive_release_s, collect_release_s = excluded.collect_release_s
    WHERE (f.day, f.facility_id, f.program_id, f.test_type_id, f.method_id, f.result_class, f.collect_receive_s, f.receive_release_s, f.collect_release_s)
      IS DISTINCT FROM (excluded.day, excluded.facility_id, excluded.program_id, excluded.test_type_id, excluded.method_id, excluded.result_class,
                        excluded.collect_receive_s, excluded.receive_release_s, excluded.collect_release_s)
  $sql$, CASE WHEN ids IS NULL THEN 'test_orders' ELSE '(SELECT DISTINCT unnest($1) AS id)' END) USING ids;
END $$;
--> statement-breakpoint
-- test_facts → test_daily: the old rows taken away, the new rows added, per key, in key order.
CREATE FUNCTION "add_test_daily"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO test_daily AS d (test_type_id, day, facility_id, program_id, method_id, result_class, tests,
                                 collect_receive_n, collect_receive_s, receive_release_n, receive_release_s, collect_release_n, collect_release_s)
    SELECT test_type_id, day, facility_id, program_id, method_id, result_class, -count(*),
           -count(collect_receive_s), -coalesce(sum(collect_receive_s), 0), -count(receive_release_s), -coalesce(sum(receive_release_s), 0),
           -count(collect_release_s), -coalesce(sum(collect_release_s), 0)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (test_type_id, day, facility_id, program_id, method_id, result_class) DO UPDATE SET
      tests = d.tests + excluded.tests,
      collect_receive_n = d.collect_receive_n + excluded.collect_receive_n, collect_receive_s = d.collect_receive_s + excluded.collect_receive_s,
      receive_release_n = d.receive_release_n + excluded.receive_release_n, receive_release_s = d.receive_release_s + excluded.receive_release_s,
      collect_release_n = d.collect_release_n + excluded.collect_release_n, collect_release_s = d.collect_release_s + excluded.collect_release_s;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO test_daily AS d (test_type_id, day, facility_id, program_id, method_id, result_class, tests,
                                 collect_receive_n, collect_receive_s, receive_release_n, receive_release_s, collect_release_n, collect_release_s)
    SELECT test_type_id, day, facility_id, program_id, method_id, result_class, count(*),
           count(collect_receive_s), coalesce(sum(collect_receive_s), 0), count(receive_release_s), coalesce(sum(receive_release_s), 0),
           count(collect_release_s), coalesce(sum(collect_release_s), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (test_type_id, day, facility_id, program_id, method_id, result_class) DO UPDATE SET
      tests = d.tests + excluded.tests,
      collect_receive_n = d.collect_receive_n + excluded.collect_receive_n, collect_receive_s = d.collect_receive_s + excluded.collect_receive_s,
      receive_release_n = d.receive_release_n + excluded.receive_release_n, receive_release_s = d.receive_release_s + excluded.receive_release_s,
      collect_release_n = d.collect_release_n + excluded.collect_release_n, collect_release_s = d.collect_release_s + excluded.collect_release_s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_facts_daily_insert" AFTER INSERT ON "test_facts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_test_daily();
--> statement-breakpoint
CREATE TRIGGER "test_facts_daily_update" AFTER UPDATE ON "test_facts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_test_daily();
--> statement-breakpoint
CREATE TRIGGER "test_facts_daily_delete" AFTER DELETE ON "test_facts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION add_test_daily();
--> statement-breakpoint
-- Which tests a write touched: the tests written, the tests of the results written, the tests of the samples moved.
CREATE FUNCTION "facts_of_tests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM test_facts WHERE test_order_id IN (SELECT id FROM old_rows);
  ELSE
    PERFORM refresh_test_facts(array(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "facts_of_results"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_test_facts(array(SELECT DISTINCT test_order_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "facts_of_samples"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Planned at every call: a plan cached for a bulk update would scan every test for one sample's move.
  EXECUTE 'SELECT refresh_test_facts(array(SELECT t.id FROM new_rows n JOIN test_orders t ON t.sample_id = n.id))';
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT refresh_test_facts(NULL);
--> statement-breakpoint
CREATE TRIGGER "test_orders_facts_insert" AFTER INSERT ON "test_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_of_tests();
--> statement-breakpoint
CREATE TRIGGER "test_orders_facts_update" AFTER UPDATE ON "test_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_of_tests();
--> statement-breakpoint
CREATE TRIGGER "test_orders_facts_delete" AFTER DELETE ON "test_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_of_tests();
--> statement-breakpoint
CREATE TRIGGER "results_facts_insert" AFTER INSERT ON "results" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_of_results();
--> statement-breakpoint
CREATE TRIGGER "results_facts_update" AFTER UPDATE ON "results" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_of_results();
--> statement-breakpoint
CREATE TRIGGER "samples_facts_update" AFTER UPDATE ON "samples" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_of_samples();
