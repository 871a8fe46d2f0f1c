CREATE TABLE "qc_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"value" numeric NOT NULL,
	"z" numeric NOT NULL,
	"violations" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"machine_id" integer,
	"run_at" timestamp with time zone NOT NULL,
	"verdict" text NOT NULL,
	"entered_by" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_run_id_qc_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."qc_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_material_id_qc_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."qc_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_runs" ADD CONSTRAINT "qc_runs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_runs" ADD CONSTRAINT "qc_runs_machine_id_machine_settings_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_runs" ADD CONSTRAINT "qc_runs_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qc_results_material_idx" ON "qc_results" USING btree ("material_id","run_id");--> statement-breakpoint
CREATE INDEX "qc_runs_facility_machine_at_idx" ON "qc_runs" USING btree ("facility_id","machine_id","run_at");