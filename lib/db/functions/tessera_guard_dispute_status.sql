-- A dispute's status moves forward only, whatever writes it: an acquirer's event that arrives late or twice, a
-- merchant's answer racing the outcome, a test-mode decision. Inquiries: warning_needs_response →
-- warning_under_review → warning_closed, or escalated (from either open state) to needs_response, when the inquiry
-- becomes a chargeback. Chargebacks: needs_response → under_review → won | lost, or needs_response → won | lost (an
-- acceptance, a missed due date, a bank that decides at once). warning_closed, won and lost are final. Writers ask with
-- a conditional update (`… where status in (…)`); this trigger is the last word for any that does not.
CREATE OR REPLACE FUNCTION tessera_guard_dispute_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  IF (OLD.status = 'warning_needs_response' AND NEW.status IN ('warning_under_review', 'warning_closed', 'needs_response'))
    OR (OLD.status = 'warning_under_review' AND NEW.status IN ('warning_closed', 'needs_response'))
    OR (OLD.status = 'needs_response' AND NEW.status IN ('under_review', 'won', 'lost'))
    OR (OLD.status = 'under_review' AND NEW.status IN ('won', 'lost')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'dispute % cannot move from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER disputes_status_forward_only BEFORE UPDATE OF status ON disputes
  FOR EACH ROW EXECUTE FUNCTION tessera_guard_dispute_status();
