-- Which reviews count towards a listing's community rating ("genuine"): a review by a person whose e-mail address is
-- confirmed, who does not own the listing, that no moderator has hidden, and whose author has no vote the vote check
-- flagged (or a moderator confirmed as a ring's). Seeded reviews without an account count unless hidden.
-- reviews.genuine is the one column the rating reads (the listing's rating and profile follow it by their triggers).
-- It is kept true to the rule here, by triggers on every table the rule reads, so that no path that writes a review,
-- confirms an address, adds or removes an owner, or flags, confirms, clears or takes back a vote can forget it
-- (until now each such path called refreshReviewGenuineness, and some did not).
CREATE FUNCTION review_is_genuine(review_author uuid, review_listing integer, review_hidden_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT review_hidden_at IS NULL AND (
    review_author IS NULL OR (
      EXISTS (SELECT 1 FROM accounts a WHERE a.id = review_author AND a.email_verified_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = review_listing AND o.account_id = review_author)
      AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.account_id = review_author AND v.flag_status IN ('flagged', 'confirmed'))))
$$;

-- A review written or changed gets its flag from the rule, whatever the statement said.
CREATE FUNCTION reviews_keep_genuine() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.genuine := review_is_genuine(NEW.account_id, NEW.listing_id, NEW.hidden_at);
  RETURN NEW;
END
$$;
CREATE TRIGGER reviews_genuine_trg BEFORE INSERT OR UPDATE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_genuine();
-- The rating follows genuine (0034), also when the flag changes by the trigger above: an UPDATE OF column list
-- names only the columns a statement sets (hiding a review sets hidden_at), so the rating's trigger watches every update.
DROP TRIGGER reviews_rating_update_trg ON reviews;
CREATE TRIGGER reviews_rating_update_trg AFTER UPDATE ON reviews
  FOR EACH ROW WHEN ((OLD.rating, OLD.genuine, OLD.listing_id) IS DISTINCT FROM (NEW.rating, NEW.genuine, NEW.listing_id))
  EXECUTE FUNCTION reviews_rating_changed();

-- The reviews of one author (on one listing, or on all), judged again; the trigger above sets the flag.
CREATE FUNCTION refresh_reviews_genuine(for_author uuid, for_listing integer) RETURNS void LANGUAGE sql AS $$
  UPDATE reviews r SET genuine = review_is_genuine(r.account_id, r.listing_id, r.hidden_at)
  WHERE r.account_id = for_author AND (for_listing IS NULL OR r.listing_id = for_listing)
    AND r.genuine IS DISTINCT FROM review_is_genuine(r.account_id, r.listing_id, r.hidden_at)
$$;

-- An address confirmed (or unconfirmed).
CREATE FUNCTION accounts_genuine_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_reviews_genuine(NEW.id, NULL);
  RETURN NULL;
END
$$;
CREATE TRIGGER accounts_genuine_trg AFTER UPDATE OF email_verified_at ON accounts
  FOR EACH ROW WHEN ((OLD.email_verified_at IS NULL) IS DISTINCT FROM (NEW.email_verified_at IS NULL))
  EXECUTE FUNCTION accounts_genuine_changed();

-- An owner added or removed: their own review of the listing stops or starts counting.
CREATE FUNCTION listing_owners_genuine_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_reviews_genuine(OLD.account_id, OLD.listing_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM refresh_reviews_genuine(NEW.account_id, NEW.listing_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER listing_owners_genuine_trg AFTER INSERT OR UPDATE OR DELETE ON listing_owners
  FOR EACH ROW EXECUTE FUNCTION listing_owners_genuine_changed();

-- A vote flagged, confirmed, cleared or taken back: its author's reviews. A vote cast unflagged (nearly every one)
-- does not call the function at all.
CREATE FUNCTION votes_genuine_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.account_id IS NOT NULL THEN
    PERFORM refresh_reviews_genuine(OLD.account_id, NULL);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.account_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.account_id IS DISTINCT FROM OLD.account_id) THEN
    PERFORM refresh_reviews_genuine(NEW.account_id, NULL);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER votes_genuine_insert_trg AFTER INSERT ON votes
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL AND NEW.flag_status IN ('flagged', 'confirmed'))
  EXECUTE FUNCTION votes_genuine_changed();
CREATE TRIGGER votes_genuine_delete_trg AFTER DELETE ON votes
  FOR EACH ROW WHEN (OLD.account_id IS NOT NULL AND OLD.flag_status IN ('flagged', 'confirmed'))
  EXECUTE FUNCTION votes_genuine_changed();
CREATE TRIGGER votes_genuine_update_trg AFTER UPDATE OF flag_status, account_id ON votes
  FOR EACH ROW
  WHEN (coalesce(OLD.flag_status IN ('flagged', 'confirmed'), false) IS DISTINCT FROM coalesce(NEW.flag_status IN ('flagged', 'confirmed'), false)
        OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION votes_genuine_changed();

-- Reviews a path forgot before are judged again once.
UPDATE reviews r SET genuine = review_is_genuine(r.account_id, r.listing_id, r.hidden_at)
WHERE r.genuine IS DISTINCT FROM review_is_genuine(r.account_id, r.listing_id, r.hidden_at);
