ALTER TABLE "notification_outbox" ADD COLUMN "carries_values" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages written before: a client's routine message not yet sent is counted as giving the values (which ones did
-- cannot be told from the row), so it waits for the invoice like one.
UPDATE "notification_outbox" SET "carries_values" = true
  WHERE "recipient_kind" = 'client' AND "event" IN ('result_ready', 'result_amended') AND "status" IN ('queued', 'sending', 'failed');
