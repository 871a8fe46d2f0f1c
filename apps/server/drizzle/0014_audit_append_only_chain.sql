-- The audit trail is append-only and hash-chained (docs/decisions.md, "Audit trail").
-- The canonical text of a row: its chain position and content as one JSON array, then the previous row's hash.
CREATE OR REPLACE FUNCTION audit_event_canonical(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    e.seq,
    to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.user_id, e.username, e.facility_id, e.action, e.entity, e.entity_id,
    e.from_status, e.to_status, e.reason, e.before, e.after
  )::text || '|' || coalesce(e.prev_hash, '')
$$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS audit_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL
);--> statement-breakpoint
INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, repeat('0', 64)) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
-- Existing rows join the chain in id order.
DO $$
DECLARE
  r audit_events;
  prev text := repeat('0', 64);
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
    n := n + 1;
    r.seq := n;
    r.prev_hash := prev;
    prev := encode(sha256(convert_to(audit_event_canonical(r), 'UTF8')), 'hex');
    UPDATE audit_events SET seq = n, prev_hash = r.prev_hash, hash = prev WHERE id = r.id;
  END LOOP;
  UPDATE audit_chain_head SET seq = n, hash = prev WHERE id = 1;
END
$$;--> statement-breakpoint
ALTER TABLE audit_events ALTER COLUMN seq SET NOT NULL;--> statement-breakpoint
ALTER TABLE audit_events ALTER COLUMN prev_hash SET NOT NULL;--> statement-breakpoint
ALTER TABLE audit_events ALTER COLUMN hash SET NOT NULL;--> statement-breakpoint
-- Each new row takes the next position and links to the head; the head's row lock (held to the end of the
-- inserting transaction) serialises writers so that concurrent inserts form one chain.
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.seq := head_seq + 1;
  NEW.prev_hash := head_hash;
  NEW.hash := encode(sha256(convert_to(audit_event_canonical(NEW), 'UTF8')), 'hex');
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_chain ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain();--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();--> statement-breakpoint
-- The head moves only through the chain trigger.
CREATE OR REPLACE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'audit_chain_head changes only with a new audit row' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_chain_head_guard ON audit_chain_head;--> statement-breakpoint
CREATE TRIGGER audit_chain_head_guard BEFORE UPDATE OR DELETE ON audit_chain_head FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();
