CREATE TABLE "ncr_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"responsible_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"completed_on" date,
	"effective" boolean,
	"review_note" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ncr_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ncr_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"event_date" date NOT NULL,
	"description" text NOT NULL,
	"immediate_action" text DEFAULT '' NOT NULL,
	"suspected_cause" text DEFAULT '' NOT NULL,
	"section_id" integer,
	"severity" text NOT NULL,
	"state" text DEFAULT 'reported' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_ref" integer,
	"category" text,
	"type" text,
	"qse" text,
	"consequence" integer,
	"likelihood" integer,
	"root_cause" text DEFAULT '' NOT NULL,
	"reported_by" integer NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"classified_by" integer,
	"classified_at" timestamp with time zone,
	"effectiveness_check" text DEFAULT '' NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ncr_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"sample_id" integer NOT NULL,
	"test_order_id" integer
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"sample_id" integer,
	"test_order_id" integer,
	"ncr_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"with_report" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"attachment" boolean DEFAULT false NOT NULL,
	"document_code" text,
	"document_title" text,
	"version" integer,
	"effective_date" date,
	"review_date" date,
	"approved_by" text,
	"superseded_at" timestamp with time zone,
	"superseded_by_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "ncr_actions" ADD CONSTRAINT "ncr_actions_report_id_ncr_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."ncr_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_actions" ADD CONSTRAINT "ncr_actions_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_actions" ADD CONSTRAINT "ncr_actions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_actions" ADD CONSTRAINT "ncr_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_events" ADD CONSTRAINT "ncr_events_report_id_ncr_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."ncr_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_events" ADD CONSTRAINT "ncr_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_reports" ADD CONSTRAINT "ncr_reports_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_reports" ADD CONSTRAINT "ncr_reports_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_reports" ADD CONSTRAINT "ncr_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_reports" ADD CONSTRAINT "ncr_reports_classified_by_users_id_fk" FOREIGN KEY ("classified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_reports" ADD CONSTRAINT "ncr_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_samples" ADD CONSTRAINT "ncr_samples_report_id_ncr_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."ncr_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_samples" ADD CONSTRAINT "ncr_samples_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncr_samples" ADD CONSTRAINT "ncr_samples_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_ncr_id_ncr_reports_id_fk" FOREIGN KEY ("ncr_id") REFERENCES "public"."ncr_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ncr_actions_report_idx" ON "ncr_actions" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "ncr_actions_open_idx" ON "ncr_actions" USING btree ("due_date") WHERE completed_on is null;--> statement-breakpoint
CREATE INDEX "ncr_events_report_idx" ON "ncr_events" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ncr_reports_number_uq" ON "ncr_reports" USING btree ("facility_id","number");--> statement-breakpoint
CREATE INDEX "ncr_reports_facility_idx" ON "ncr_reports" USING btree ("facility_id","state","event_date");--> statement-breakpoint
CREATE INDEX "ncr_samples_report_idx" ON "ncr_samples" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "ncr_samples_sample_idx" ON "ncr_samples" USING btree ("sample_id");--> statement-breakpoint
CREATE INDEX "attachments_sample_idx" ON "attachments" USING btree ("sample_id");--> statement-breakpoint
CREATE INDEX "attachments_test_order_idx" ON "attachments" USING btree ("test_order_id");--> statement-breakpoint
CREATE INDEX "attachments_ncr_idx" ON "attachments" USING btree ("ncr_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_uq" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("facility_id","folder_id");--> statement-breakpoint
CREATE INDEX "files_recent_idx" ON "files" USING btree ("created_by","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_document_version_uq" ON "files" USING btree ("facility_id","document_code","version") WHERE document_code is not null;--> statement-breakpoint
CREATE INDEX "folders_facility_idx" ON "folders" USING btree ("facility_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folders_name_uq" ON "folders" USING btree ("facility_id",coalesce("parent_id", 0),lower("name")) WHERE deleted_at is null;