CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer NOT NULL,
	"temperature" real,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"sample_id" integer NOT NULL,
	"from_status" integer NOT NULL,
	"state" text DEFAULT 'in_transit' NOT NULL,
	"condition" text,
	"open" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"sending_facility_id" integer NOT NULL,
	"receiving_facility_id" integer NOT NULL,
	"network_id" integer,
	"courier_id" integer,
	"status" integer NOT NULL,
	"program_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"packaging" text DEFAULT '' NOT NULL,
	"boxes" integer DEFAULT 1 NOT NULL,
	"storage_temperature" text NOT NULL,
	"pickup_temperature" real,
	"arrival_temperature" real,
	"packed_by" text NOT NULL,
	"rider_name" text DEFAULT '' NOT NULL,
	"rider_phone" text DEFAULT '' NOT NULL,
	"pickup_date" date NOT NULL,
	"expected_hours" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_networks" ADD COLUMN "program_id" integer;--> statement-breakpoint
ALTER TABLE "lab_networks" ADD COLUMN "testing_facility_id" integer;--> statement-breakpoint
ALTER TABLE "lab_networks" ADD COLUMN "courier_provider_id" integer;--> statement-breakpoint
ALTER TABLE "lab_networks" ADD COLUMN "expected_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "referred_from_facility_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_samples" ADD CONSTRAINT "shipment_samples_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_samples" ADD CONSTRAINT "shipment_samples_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_sending_facility_id_facilities_id_fk" FOREIGN KEY ("sending_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_receiving_facility_id_facilities_id_fk" FOREIGN KEY ("receiving_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_network_id_lab_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."lab_networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_courier_id_courier_providers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."courier_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_samples_open_uq" ON "shipment_samples" USING btree ("sample_id") WHERE open;--> statement-breakpoint
CREATE INDEX "shipment_samples_shipment_idx" ON "shipment_samples" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_samples_sample_idx" ON "shipment_samples" USING btree ("sample_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_uq" ON "shipments" USING btree ("sending_facility_id","number");--> statement-breakpoint
CREATE INDEX "shipments_sending_idx" ON "shipments" USING btree ("sending_facility_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_receiving_idx" ON "shipments" USING btree ("receiving_facility_id","status","created_at");--> statement-breakpoint
CREATE INDEX "samples_referred_from_idx" ON "samples" USING btree ("referred_from_facility_id","created_at") WHERE referred_from_facility_id is not null;--> statement-breakpoint
ALTER TABLE "lab_networks" ADD CONSTRAINT "lab_networks_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_networks" ADD CONSTRAINT "lab_networks_testing_facility_id_facilities_id_fk" FOREIGN KEY ("testing_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_networks" ADD CONSTRAINT "lab_networks_courier_provider_id_courier_providers_id_fk" FOREIGN KEY ("courier_provider_id") REFERENCES "public"."courier_providers"("id") ON DELETE no action ON UPDATE no action;
