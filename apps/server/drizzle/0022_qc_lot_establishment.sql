ALTER TABLE "qc_materials" ADD COLUMN "establish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qc_materials" ADD COLUMN "established_at" timestamp with time zone;