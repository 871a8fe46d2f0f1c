CREATE TABLE "facility_lab_networks" (
	"facility_id" integer NOT NULL,
	"lab_network_id" integer NOT NULL,
	CONSTRAINT "facility_lab_networks_facility_id_lab_network_id_pk" PRIMARY KEY("facility_id","lab_network_id")
);
--> statement-breakpoint
ALTER TABLE "facility_lab_networks" ADD CONSTRAINT "facility_lab_networks_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_lab_networks" ADD CONSTRAINT "facility_lab_networks_lab_network_id_lab_networks_id_fk" FOREIGN KEY ("lab_network_id") REFERENCES "public"."lab_networks"("id") ON DELETE no action ON UPDATE no action;