-- The typo dictionary read into memory (docs/search.md, src/catalogue/term-dictionary.ts). Each word keeps its stems
-- in the 'english' configuration beside it, set by a trigger on every write, so that a search's corrections need no
-- to_tsvector of their own; and every statement that changes the dictionary announces it on the channel
-- search_terms_changed at its commit, so that each instance reads the dictionary again. A statement that changed
-- no row (a listing edit that brought no new word) announces nothing.
ALTER TABLE search_terms ADD COLUMN stems text[] NOT NULL DEFAULT '{}';
UPDATE search_terms SET stems = ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', term)));

CREATE FUNCTION search_terms_stems() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stems := ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', NEW.term)));
  RETURN NEW;
END
$$;
CREATE TRIGGER search_terms_stems_trg BEFORE INSERT OR UPDATE OF term ON search_terms
  FOR EACH ROW EXECUTE FUNCTION search_terms_stems();

CREATE FUNCTION search_terms_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_terms) THEN
    PERFORM pg_notify('search_terms_changed', '');
  END IF;
  RETURN NULL;
END
$$;
-- A trigger with a transition table takes one event, hence one trigger per event.
CREATE TRIGGER search_terms_inserted_trg AFTER INSERT ON search_terms
  REFERENCING NEW TABLE AS changed_terms FOR EACH STATEMENT EXECUTE FUNCTION search_terms_announce();
CREATE TRIGGER search_terms_updated_trg AFTER UPDATE ON search_terms
  REFERENCING NEW TABLE AS changed_terms FOR EACH STATEMENT EXECUTE FUNCTION search_terms_announce();
CREATE TRIGGER search_terms_deleted_trg AFTER DELETE ON search_terms
  REFERENCING OLD TABLE AS changed_terms FOR EACH STATEMENT EXECUTE FUNCTION search_terms_announce();
CREATE FUNCTION search_terms_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_terms_changed', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER search_terms_truncated_trg AFTER TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_truncated();
