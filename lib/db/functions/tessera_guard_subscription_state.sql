-- A subscription's state moves only as the transition table says (lib/gateway/subscriptions/transitions.ts, which a
-- test holds to this text), whatever writes it: the scheduler's batches, a cancel, a pause, a resume, a plan link's
-- settling, an operator's SQL. Writers guard their updates with the state they read (`… where state = from`); this
-- trigger is the last word for any that does not. Staying in a state is always allowed (a field changes, not the
-- state).
CREATE OR REPLACE FUNCTION tessera_guard_subscription_state() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = OLD.state THEN
    RETURN NEW;
  END IF;
  IF (OLD.state = 'redirecting' AND NEW.state IN ('trial', 'active', 'failed', 'expired', 'canceled'))
    OR (OLD.state = 'trial' AND NEW.state IN ('active', 'failed_attempt', 'failed', 'error', 'canceled'))
    OR (OLD.state = 'active' AND NEW.state IN ('failed_attempt', 'failed', 'error', 'canceled', 'paused'))
    OR (OLD.state = 'failed_attempt' AND NEW.state IN ('active', 'rescuing', 'failed', 'error', 'canceled'))
    OR (OLD.state = 'rescuing' AND NEW.state IN ('active', 'failed', 'error', 'canceled'))
    OR (OLD.state = 'paused' AND NEW.state IN ('active', 'canceled')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'subscription % cannot move from % to %', OLD.id, OLD.state, NEW.state
    USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscriptions_state_by_table BEFORE UPDATE OF state ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION tessera_guard_subscription_state();
