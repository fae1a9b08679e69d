-- The audit log cannot be emptied either (issue 52, item 8): its append-only trigger refuses UPDATE and DELETE row by
-- row, but TRUNCATE fires no row trigger. A statement trigger refuses it. (Against someone who can switch triggers
-- off, the table's owner or a superuser, see the least-privilege role in docs/operating.md.)
CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_truncate_trg BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();
