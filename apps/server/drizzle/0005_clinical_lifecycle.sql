CREATE TABLE "client_identifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"identifier_type_id" integer NOT NULL,
	"identifier" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"other_names" text DEFAULT '' NOT NULL,
	"sex" text NOT NULL,
	"date_of_birth" date,
	"dob_estimated" boolean DEFAULT false NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state_id" integer,
	"lga_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "general_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"lab_number" text NOT NULL,
	"status" integer NOT NULL,
	"held_from" integer,
	"priority" text DEFAULT 'routine' NOT NULL,
	"requesting_clinician" text DEFAULT '' NOT NULL,
	"clinical_notes" text DEFAULT '' NOT NULL,
	"sample_type_id" integer,
	"collected_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"retrospective" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "general_orders_lab_number_unique" UNIQUE("lab_number")
);
--> statement-breakpoint
CREATE TABLE "lab_number_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"status" integer NOT NULL,
	"rejection_reason_id" integer,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_order_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"status" integer NOT NULL,
	"value_numeric" numeric,
	"value_text" text,
	"unit" text DEFAULT '' NOT NULL,
	"flag" text,
	"ref_low" numeric,
	"ref_high" numeric,
	"isolates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"method_id" integer,
	"instrument_id" integer,
	"entered_by" integer NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"signature_meaning" text,
	"rejection_reason_id" integer,
	"status_reason" text,
	"amends_id" integer,
	"amendment_reason" text
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "verifier_may_approve" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_identifiers" ADD CONSTRAINT "client_identifiers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identifiers" ADD CONSTRAINT "client_identifiers_identifier_type_id_client_identifier_types_id_fk" FOREIGN KEY ("identifier_type_id") REFERENCES "public"."client_identifier_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_lga_id_lgas_id_fk" FOREIGN KEY ("lga_id") REFERENCES "public"."lgas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_orders" ADD CONSTRAINT "general_orders_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_orders" ADD CONSTRAINT "general_orders_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_orders" ADD CONSTRAINT "general_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_orders" ADD CONSTRAINT "general_orders_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_order_id_general_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."general_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_identifiers_identifier_uq" ON "client_identifiers" USING btree ("facility_id","identifier_type_id","identifier");--> statement-breakpoint
CREATE INDEX "client_identifiers_client_idx" ON "client_identifiers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_facility_name_idx" ON "clients" USING btree ("facility_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "clients_facility_phone_idx" ON "clients" USING btree ("facility_id","phone");--> statement-breakpoint
CREATE INDEX "general_orders_facility_status_idx" ON "general_orders" USING btree ("facility_id","status","created_at");--> statement-breakpoint
CREATE INDEX "general_orders_facility_created_idx" ON "general_orders" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "general_orders_client_idx" ON "general_orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "test_orders_order_idx" ON "test_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "test_orders_facility_status_idx" ON "test_orders" USING btree ("facility_id","status");--> statement-breakpoint
CREATE INDEX "results_test_order_idx" ON "results" USING btree ("test_order_id");--> statement-breakpoint
CREATE INDEX "results_facility_status_idx" ON "results" USING btree ("facility_id","status","current");