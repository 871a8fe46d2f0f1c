CREATE TABLE "file_recents" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_recents_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "file_recents" ADD CONSTRAINT "file_recents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_recents_user_idx" ON "file_recents" USING btree ("user_id","kind","at");--> statement-breakpoint
CREATE INDEX "files_bin_idx" ON "files" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "folders_bin_idx" ON "folders" USING btree ("deleted_at") WHERE deleted_at is not null;