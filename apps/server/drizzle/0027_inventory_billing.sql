CREATE TABLE "consumable_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"bench_id" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consumable_balances_not_negative" CHECK ("consumable_balances"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consumable_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"quantity_per_test" integer DEFAULT 1 NOT NULL,
	"automatic" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumable_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"unit_id" integer,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"manufacturer_id" integer,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"expiry_warning_days" integer DEFAULT 60 NOT NULL,
	"open_stability_days" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumable_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"lot_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"received_date" date NOT NULL,
	"supplier_id" integer,
	"quantity_received" integer NOT NULL,
	"unit_cost_kobo" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"opened_on" date,
	"opened_expiry" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"bench_id" integer,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"test_order_id" integer,
	"occurred_on" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "asset_calibrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"calibrated_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"calibrator" text DEFAULT '' NOT NULL,
	"report" text DEFAULT '' NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"agency" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"bench_id" integer,
	"user_id" integer,
	"location_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"expected_back" date,
	"checked_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_by" integer NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer
);
--> statement-breakpoint
CREATE TABLE "asset_generics" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"maintenance_interval_days" integer,
	"calibration_interval_days" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_maintenance" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"kind" text NOT NULL,
	"down_from" timestamp with time zone NOT NULL,
	"down_to" timestamp with time zone,
	"work_done" text DEFAULT '' NOT NULL,
	"performed_by" text DEFAULT '' NOT NULL,
	"cost_kobo" integer DEFAULT 0 NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"tag" text NOT NULL,
	"generic_id" integer,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"manufacturer_id" integer,
	"supplier_id" integer,
	"location_id" integer,
	"in_service_date" date,
	"status" text DEFAULT 'in_use' NOT NULL,
	"machine_setting_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"hold_until_paid" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mode" text,
	"value" integer DEFAULT 0 NOT NULL,
	"amount_kobo" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"test_order_id" integer,
	"test_type_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"refunded_kobo" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lines_refund" CHECK ("invoice_lines"."refunded_kobo" >= 0 and "invoice_lines"."refunded_kobo" <= "invoice_lines"."amount_kobo")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"total_kobo" integer NOT NULL,
	"discount_kobo" integer DEFAULT 0 NOT NULL,
	"paid_kobo" integer DEFAULT 0 NOT NULL,
	"refunded_kobo" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_not_overpaid" CHECK ("invoices"."paid_kobo" - "invoices"."refunded_kobo" <= "invoices"."total_kobo" - "invoices"."discount_kobo"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."discount_kobo" >= 0 and "invoices"."paid_kobo" >= 0 and "invoices"."refunded_kobo" >= 0 and "invoices"."discount_kobo" <= "invoices"."total_kobo")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"method" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"scheme" text DEFAULT '' NOT NULL,
	"received_by" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_positive" CHECK ("payments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	"method" text DEFAULT 'cash' NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "refunds_positive" CHECK ("refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "consumable_balances" ADD CONSTRAINT "consumable_balances_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_balances" ADD CONSTRAINT "consumable_balances_lot_id_consumable_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."consumable_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_balances" ADD CONSTRAINT "consumable_balances_bench_id_benches_id_fk" FOREIGN KEY ("bench_id") REFERENCES "public"."benches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_configs" ADD CONSTRAINT "consumable_configs_item_id_consumable_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."consumable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_configs" ADD CONSTRAINT "consumable_configs_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_items" ADD CONSTRAINT "consumable_items_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_items" ADD CONSTRAINT "consumable_items_unit_id_measure_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."measure_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_items" ADD CONSTRAINT "consumable_items_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_items" ADD CONSTRAINT "consumable_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_lots" ADD CONSTRAINT "consumable_lots_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_lots" ADD CONSTRAINT "consumable_lots_item_id_consumable_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."consumable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_lots" ADD CONSTRAINT "consumable_lots_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_lots" ADD CONSTRAINT "consumable_lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_item_id_consumable_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."consumable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_lot_id_consumable_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."consumable_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_bench_id_benches_id_fk" FOREIGN KEY ("bench_id") REFERENCES "public"."benches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_calibrations" ADD CONSTRAINT "asset_calibrations_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_calibrations" ADD CONSTRAINT "asset_calibrations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_certificates" ADD CONSTRAINT "asset_certificates_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_certificates" ADD CONSTRAINT "asset_certificates_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_bench_id_benches_id_fk" FOREIGN KEY ("bench_id") REFERENCES "public"."benches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_location_id_asset_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."asset_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_generics" ADD CONSTRAINT "asset_generics_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_locations" ADD CONSTRAINT "asset_locations_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_generic_id_asset_generics_id_fk" FOREIGN KEY ("generic_id") REFERENCES "public"."asset_generics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_location_id_asset_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."asset_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_machine_setting_id_machine_settings_id_fk" FOREIGN KEY ("machine_setting_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_line_id_invoice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_prices" ADD CONSTRAINT "test_prices_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_prices" ADD CONSTRAINT "test_prices_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_prices" ADD CONSTRAINT "test_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consumable_balances_place_uq" ON "consumable_balances" USING btree ("lot_id",coalesce("bench_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "consumable_configs_uq" ON "consumable_configs" USING btree ("item_id","test_type_id");--> statement-breakpoint
CREATE INDEX "consumable_configs_test_idx" ON "consumable_configs" USING btree ("test_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consumable_items_name_uq" ON "consumable_items" USING btree ("facility_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "consumable_lots_number_uq" ON "consumable_lots" USING btree ("item_id",lower("lot_number"));--> statement-breakpoint
CREATE INDEX "consumable_lots_facility_idx" ON "consumable_lots" USING btree ("facility_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_lines_lot_idx" ON "stock_lines" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "stock_lines_item_idx" ON "stock_lines" USING btree ("facility_id","item_id","occurred_on");--> statement-breakpoint
CREATE INDEX "stock_lines_test_idx" ON "stock_lines" USING btree ("test_order_id") WHERE test_order_id is not null;--> statement-breakpoint
CREATE INDEX "asset_calibrations_asset_idx" ON "asset_calibrations" USING btree ("asset_id","valid_until");--> statement-breakpoint
CREATE INDEX "asset_certificates_asset_idx" ON "asset_certificates" USING btree ("asset_id","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_checkouts_open_uq" ON "asset_checkouts" USING btree ("asset_id") WHERE checked_in_at is null;--> statement-breakpoint
CREATE INDEX "asset_checkouts_asset_idx" ON "asset_checkouts" USING btree ("asset_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_generics_name_uq" ON "asset_generics" USING btree ("facility_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "asset_locations_name_uq" ON "asset_locations" USING btree ("facility_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_maintenance_asset_idx" ON "asset_maintenance" USING btree ("asset_id","down_from");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_tag_uq" ON "assets" USING btree ("facility_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "assets_machine_idx" ON "assets" USING btree ("machine_setting_id") WHERE machine_setting_id is not null;--> statement-breakpoint
CREATE INDEX "invoice_adjustments_invoice_idx" ON "invoice_adjustments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_adjustments_open_idx" ON "invoice_adjustments" USING btree ("state") WHERE state = 'requested';--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("facility_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_facility_idx" ON "invoices" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_uq" ON "payments" USING btree ("facility_id","receipt_number");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_facility_idx" ON "payments" USING btree ("facility_id","received_at");--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "test_prices_lookup_idx" ON "test_prices" USING btree ("facility_id","test_type_id","effective_from");--> statement-breakpoint
-- The price list is kept by the facility's test services: a test's first price holds from the start, each change from the moment it is made.
CREATE OR REPLACE FUNCTION test_prices_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO test_prices (facility_id, test_type_id, amount_kobo, effective_from)
      VALUES (NEW.facility_id, NEW.test_type_id, round(NEW.price * 100)::integer, timestamptz '2000-01-01 00:00:00+00');
  ELSIF NEW.price IS DISTINCT FROM OLD.price OR NEW.test_type_id IS DISTINCT FROM OLD.test_type_id THEN
    INSERT INTO test_prices (facility_id, test_type_id, amount_kobo, effective_from)
      VALUES (NEW.facility_id, NEW.test_type_id, round(NEW.price * 100)::integer, now());
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER facility_test_services_prices AFTER INSERT OR UPDATE ON facility_test_services FOR EACH ROW EXECUTE FUNCTION test_prices_follow();
--> statement-breakpoint
INSERT INTO test_prices (facility_id, test_type_id, amount_kobo, effective_from)
  SELECT facility_id, test_type_id, round(price * 100)::integer, timestamptz '2000-01-01 00:00:00+00' FROM facility_test_services;
