ALTER TABLE "clients" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "merged_at" timestamp with time zone;