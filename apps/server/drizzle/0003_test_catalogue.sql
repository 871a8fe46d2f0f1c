CREATE TABLE "test_type_instruments" (
	"test_type_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "test_type_instruments_test_type_id_instrument_id_pk" PRIMARY KEY("test_type_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "test_type_methods" (
	"test_type_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	CONSTRAINT "test_type_methods_test_type_id_method_id_pk" PRIMARY KEY("test_type_id","method_id")
);
--> statement-breakpoint
CREATE TABLE "test_type_sample_types" (
	"test_type_id" integer NOT NULL,
	"sample_type_id" integer NOT NULL,
	CONSTRAINT "test_type_sample_types_test_type_id_sample_type_id_pk" PRIMARY KEY("test_type_id","sample_type_id")
);
--> statement-breakpoint
CREATE TABLE "test_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"loinc_code" text DEFAULT '' NOT NULL,
	"section_id" integer,
	"result_type" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"decimals" integer DEFAULT 0 NOT NULL,
	"reporting_low" numeric,
	"reporting_high" numeric,
	"ref_low" numeric,
	"ref_high" numeric,
	"critical_low" numeric,
	"critical_high" numeric,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_culture" boolean DEFAULT false NOT NULL,
	"is_panel" boolean DEFAULT false NOT NULL,
	"panel_id" integer,
	"default_tat_hours" integer DEFAULT 24 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "test_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "test_type_instruments" ADD CONSTRAINT "test_type_instruments_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_type_instruments" ADD CONSTRAINT "test_type_instruments_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_type_methods" ADD CONSTRAINT "test_type_methods_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_type_methods" ADD CONSTRAINT "test_type_methods_method_id_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_type_sample_types" ADD CONSTRAINT "test_type_sample_types_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_type_sample_types" ADD CONSTRAINT "test_type_sample_types_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_types" ADD CONSTRAINT "test_types_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_types" ADD CONSTRAINT "test_types_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_types_program_name_uq" ON "test_types" USING btree ("program_id","name");