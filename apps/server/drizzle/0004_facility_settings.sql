CREATE TABLE "facility_tats" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"hours" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_test_measures" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"sex" text DEFAULT 'any' NOT NULL,
	"age_min_days" integer DEFAULT 0 NOT NULL,
	"age_max_days" integer,
	"low" numeric,
	"high" numeric,
	"critical_low" numeric,
	"critical_high" numeric,
	"unit" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_test_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text NOT NULL,
	"instrument_id" integer,
	"tests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"lot_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"level" text NOT NULL,
	"target_mean" numeric NOT NULL,
	"target_sd" numeric NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facility_tats" ADD CONSTRAINT "facility_tats_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_tats" ADD CONSTRAINT "facility_tats_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_test_measures" ADD CONSTRAINT "facility_test_measures_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_test_measures" ADD CONSTRAINT "facility_test_measures_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_test_services" ADD CONSTRAINT "facility_test_services_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_test_services" ADD CONSTRAINT "facility_test_services_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_settings" ADD CONSTRAINT "machine_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_settings" ADD CONSTRAINT "machine_settings_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_materials" ADD CONSTRAINT "qc_materials_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_materials" ADD CONSTRAINT "qc_materials_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facility_tats_test_type_uq" ON "facility_tats" USING btree ("facility_id","test_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_test_services_test_type_uq" ON "facility_test_services" USING btree ("facility_id","test_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_settings_serial_number_uq" ON "machine_settings" USING btree ("facility_id","serial_number");