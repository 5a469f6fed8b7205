-- Issue 25's confirmation budget (docs/decisions/024-orders.md, "Fourth pass"): a confirmation is
-- one statement in its own implicit transaction — no BEGIN and COMMIT round trips holding the
-- product's lock. When it took some stock but cannot move the order (a line short, or the order
-- no longer in the state read), it calls this function: the error undoes the whole statement, and
-- its DETAIL (JSON: the lines taken and the tracked lines) tells the API which line was short.
CREATE FUNCTION vitrina_confirm_refused(detail text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'confirmation refused' USING ERRCODE = 'VT409', DETAIL = detail;
END
$$;
