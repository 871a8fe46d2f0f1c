CREATE TABLE "report_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sample_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content_hash" text NOT NULL,
	"lab_number" text NOT NULL,
	"test_names" jsonb NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_verifications" ADD CONSTRAINT "report_verifications_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_verifications" ADD CONSTRAINT "report_verifications_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_verifications_code_uq" ON "report_verifications" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "report_verifications_content_uq" ON "report_verifications" USING btree ("sample_id","content_hash");--> statement-breakpoint
CREATE INDEX "report_verifications_sample_idx" ON "report_verifications" USING btree ("sample_id","version");