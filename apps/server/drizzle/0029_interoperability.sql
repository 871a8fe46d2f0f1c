CREATE TABLE "api_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "api_clients_name_ck" CHECK (length(trim("api_clients"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "electronic_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"identifier_system" text DEFAULT '' NOT NULL,
	"identifier_value" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"api_client_id" integer,
	"requester" text DEFAULT '' NOT NULL,
	"bundle" jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_id" integer,
	"order_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "electronic_requests_status_ck" CHECK ("electronic_requests"."status" in ('requested', 'accepted', 'rejected', 'in-progress', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "instrument_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text DEFAULT 'result' NOT NULL,
	"status" text NOT NULL,
	"raw" text NOT NULL,
	"control_id" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"remote" text DEFAULT '' NOT NULL,
	"reply_to" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instrument_messages_protocol_ck" CHECK ("instrument_messages"."protocol" in ('hl7', 'astm')),
	CONSTRAINT "instrument_messages_direction_ck" CHECK ("instrument_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "instrument_unmatched" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"test_code" text NOT NULL,
	"value" text NOT NULL,
	"units" text DEFAULT '' NOT NULL,
	"flags" text DEFAULT '' NOT NULL,
	"reference_range" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"observed_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"test_order_id" integer,
	"result_id" integer,
	"resolution" text DEFAULT '' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"numeric_value" numeric,
	CONSTRAINT "instrument_unmatched_status_ck" CHECK ("instrument_unmatched"."status" in ('pending', 'matched', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "dhis2_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_set" text DEFAULT '' NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text NOT NULL,
	"value_count" integer DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"http_status" integer,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"ignored" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dhis2_exports_status_ck" CHECK ("dhis2_exports"."status" in ('sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "dhis2_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"indicator" text NOT NULL,
	"data_element" text NOT NULL,
	"category_option_combo" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dhis2_org_units" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"org_unit" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dhis2_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"data_set" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dhis2_settings_one_ck" CHECK ("dhis2_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "test_types" ADD COLUMN "code_system" text DEFAULT 'http://loinc.org' NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_settings" ADD COLUMN "protocol" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_settings" ADD COLUMN "listen_port" integer;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_requests" ADD CONSTRAINT "electronic_requests_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_requests" ADD CONSTRAINT "electronic_requests_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_requests" ADD CONSTRAINT "electronic_requests_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_requests" ADD CONSTRAINT "electronic_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_requests" ADD CONSTRAINT "electronic_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_requests" ADD CONSTRAINT "electronic_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_messages" ADD CONSTRAINT "instrument_messages_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_messages" ADD CONSTRAINT "instrument_messages_machine_id_machine_settings_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_unmatched" ADD CONSTRAINT "instrument_unmatched_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_unmatched" ADD CONSTRAINT "instrument_unmatched_machine_id_machine_settings_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_unmatched" ADD CONSTRAINT "instrument_unmatched_message_id_instrument_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."instrument_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_unmatched" ADD CONSTRAINT "instrument_unmatched_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_unmatched" ADD CONSTRAINT "instrument_unmatched_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_unmatched" ADD CONSTRAINT "instrument_unmatched_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dhis2_exports" ADD CONSTRAINT "dhis2_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dhis2_mappings" ADD CONSTRAINT "dhis2_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dhis2_org_units" ADD CONSTRAINT "dhis2_org_units_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dhis2_org_units" ADD CONSTRAINT "dhis2_org_units_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dhis2_settings" ADD CONSTRAINT "dhis2_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_uq" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_name_uq" ON "api_clients" USING btree ("facility_id",lower("name"));--> statement-breakpoint
CREATE INDEX "api_clients_facility_idx" ON "api_clients" USING btree ("facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "electronic_requests_identifier_uq" ON "electronic_requests" USING btree ("facility_id","identifier_system","identifier_value");--> statement-breakpoint
CREATE INDEX "electronic_requests_status_idx" ON "electronic_requests" USING btree ("facility_id","status");--> statement-breakpoint
CREATE INDEX "electronic_requests_order_idx" ON "electronic_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "instrument_messages_machine_idx" ON "instrument_messages" USING btree ("machine_id","received_at");--> statement-breakpoint
CREATE INDEX "instrument_messages_facility_idx" ON "instrument_messages" USING btree ("facility_id","received_at");--> statement-breakpoint
CREATE INDEX "instrument_unmatched_queue_idx" ON "instrument_unmatched" USING btree ("facility_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "dhis2_mappings_indicator_uq" ON "dhis2_mappings" USING btree ("indicator");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_settings_listen_port_uq" ON "machine_settings" USING btree ("listen_port");--> statement-breakpoint
ALTER TABLE "machine_settings" ADD CONSTRAINT "machine_settings_protocol_ck" CHECK ("machine_settings"."protocol" in ('none', 'hl7', 'astm'));--> statement-breakpoint
ALTER TABLE "machine_settings" ADD CONSTRAINT "machine_settings_port_ck" CHECK ("machine_settings"."listen_port" is null or "machine_settings"."listen_port" between 1024 and 65535);