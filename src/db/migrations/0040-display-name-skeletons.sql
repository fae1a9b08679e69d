-- Names that pose (issue 52, item 4). A public name may not look like another account's: the service compares
-- confusableKey (src/text/confusables.ts: the case-folded Unicode TR39 skeleton, from confusables.txt), which SQL
-- cannot compute. accounts.display_name_skeleton keeps it, indexed, so the check is one index look-up.
--
-- The service fills the column: setDisplayName writes it with the name, and before each check it fills every named
-- account that lacks one (src/accounts/display-names.ts, fillNameSkeletons), so the accounts of before this migration,
-- those made at sign-up and any name written some other way are backfilled at the first check, found through the
-- partial index below. The trigger empties the skeleton of a name changed without its skeleton, so none is stale.
-- A new version of the confusables data changes keys: a later migration sets the column to NULL to have them remade.

ALTER TABLE accounts ADD COLUMN IF NOT EXISTS display_name_skeleton text;

CREATE INDEX IF NOT EXISTS accounts_display_name_skeleton_idx ON accounts (display_name_skeleton)
  WHERE display_name_skeleton IS NOT NULL;

CREATE INDEX IF NOT EXISTS accounts_display_name_unkeyed_idx ON accounts (id)
  WHERE display_name IS NOT NULL AND display_name_skeleton IS NULL;

CREATE OR REPLACE FUNCTION accounts_display_name_skeleton_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.display_name IS DISTINCT FROM OLD.display_name AND NEW.display_name_skeleton IS NOT DISTINCT FROM OLD.display_name_skeleton THEN
    NEW.display_name_skeleton := NULL;
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS accounts_display_name_skeleton_trg ON accounts;
CREATE TRIGGER accounts_display_name_skeleton_trg BEFORE UPDATE OF display_name ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_display_name_skeleton_stale();
