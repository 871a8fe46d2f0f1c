CREATE TABLE "worksheet_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"worksheet_id" integer NOT NULL,
	"well" text NOT NULL,
	"kind" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"expect" text,
	"material_id" integer,
	"test_order_id" integer,
	"open" boolean DEFAULT true NOT NULL,
	"result_text" text,
	"result_value" text,
	"outcome" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "worksheet_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"test_type_id" integer NOT NULL,
	"machine_id" integer,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"fill" text DEFAULT 'column' NOT NULL,
	"controls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worksheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"number" text NOT NULL,
	"template_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"machine_id" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"reason" text,
	"qc_run_id" integer,
	"file_name" text,
	"file_content" text
);
--> statement-breakpoint
ALTER TABLE "worksheet_positions" ADD CONSTRAINT "worksheet_positions_worksheet_id_worksheets_id_fk" FOREIGN KEY ("worksheet_id") REFERENCES "public"."worksheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheet_positions" ADD CONSTRAINT "worksheet_positions_material_id_qc_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."qc_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheet_positions" ADD CONSTRAINT "worksheet_positions_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheet_templates" ADD CONSTRAINT "worksheet_templates_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheet_templates" ADD CONSTRAINT "worksheet_templates_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheet_templates" ADD CONSTRAINT "worksheet_templates_machine_id_machine_settings_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_template_id_worksheet_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."worksheet_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_machine_id_machine_settings_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_qc_run_id_qc_runs_id_fk" FOREIGN KEY ("qc_run_id") REFERENCES "public"."qc_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "worksheet_positions_well_uq" ON "worksheet_positions" USING btree ("worksheet_id","well");--> statement-breakpoint
CREATE UNIQUE INDEX "worksheet_positions_open_test_uq" ON "worksheet_positions" USING btree ("test_order_id") WHERE open and test_order_id is not null;--> statement-breakpoint
CREATE INDEX "worksheet_positions_test_order_idx" ON "worksheet_positions" USING btree ("test_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "worksheets_facility_number_uq" ON "worksheets" USING btree ("facility_id","number");--> statement-breakpoint
CREATE INDEX "worksheets_facility_state_created_idx" ON "worksheets" USING btree ("facility_id","state","created_at");