CREATE TABLE "client_identifier_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"identifier_type_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"system" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "electronic_request_identifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"kind" text NOT NULL,
	"test_type_id" integer,
	"system" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "electronic_request_identifiers_kind_ck" CHECK ("electronic_request_identifiers"."kind" in ('requisition', 'placer'))
);
--> statement-breakpoint
ALTER TABLE "client_identifier_systems" ADD CONSTRAINT "client_identifier_systems_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identifier_systems" ADD CONSTRAINT "client_identifier_systems_identifier_type_id_client_identifier_types_id_fk" FOREIGN KEY ("identifier_type_id") REFERENCES "public"."client_identifier_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_request_identifiers" ADD CONSTRAINT "electronic_request_identifiers_request_id_electronic_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."electronic_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_request_identifiers" ADD CONSTRAINT "electronic_request_identifiers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_request_identifiers" ADD CONSTRAINT "electronic_request_identifiers_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_identifier_systems_uq" ON "client_identifier_systems" USING btree ("facility_id","identifier_type_id","identifier","system");--> statement-breakpoint
CREATE INDEX "client_identifier_systems_system_idx" ON "client_identifier_systems" USING btree ("facility_id","system","identifier");--> statement-breakpoint
CREATE INDEX "electronic_request_identifiers_value_idx" ON "electronic_request_identifiers" USING btree ("facility_id","value");--> statement-breakpoint
CREATE INDEX "electronic_request_identifiers_request_idx" ON "electronic_request_identifiers" USING btree ("request_id");--> statement-breakpoint
INSERT INTO "electronic_request_identifiers" ("request_id", "facility_id", "kind", "system", "value")
	SELECT DISTINCT er."id", er."facility_id", 'requisition', left(trim(coalesce(e->'resource'->'requisition'->>'system', '')), 300),
		trim(e->'resource'->'requisition'->>'value')
	FROM "electronic_requests" er
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(er."bundle"->'entry') = 'array' THEN er."bundle"->'entry' ELSE '[]'::jsonb END) e
	WHERE e->'resource'->>'resourceType' = 'ServiceRequest' AND trim(coalesce(e->'resource'->'requisition'->>'value', '')) <> ''
		AND length(trim(e->'resource'->'requisition'->>'value')) <= 200
		AND coalesce(e->'resource'->'requisition'->>'system', '') NOT LIKE 'https://nlims.ng/fhir%';--> statement-breakpoint
INSERT INTO "client_identifier_systems" ("facility_id", "identifier_type_id", "identifier", "system")
	SELECT DISTINCT ci."facility_id", ci."identifier_type_id", ci."identifier", i->>'system'
	FROM "electronic_requests" er
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(er."summary"->'patient'->'identifiers') = 'array'
		THEN er."summary"->'patient'->'identifiers' ELSE '[]'::jsonb END) i
	JOIN "client_identifier_types" it ON it."name" = i->>'type'
	JOIN "client_identifiers" ci ON ci."facility_id" = er."facility_id" AND ci."identifier_type_id" = it."id" AND ci."identifier" = i->>'value'
	WHERE er."order_id" IS NOT NULL AND coalesce(i->>'system', '') <> '' AND i->>'system' NOT LIKE 'https://nlims.ng/fhir%'
	ON CONFLICT DO NOTHING;
