CREATE TABLE "qc_rule_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"test_type_id" integer NOT NULL,
	"machine_id" integer,
	"rules" jsonb NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qc_rule_settings" ADD CONSTRAINT "qc_rule_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_rule_settings" ADD CONSTRAINT "qc_rule_settings_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_rule_settings" ADD CONSTRAINT "qc_rule_settings_machine_id_machine_settings_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_rule_settings" ADD CONSTRAINT "qc_rule_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_rule_settings_uq" ON "qc_rule_settings" USING btree ("facility_id","test_type_id",coalesce("machine_id", 0));