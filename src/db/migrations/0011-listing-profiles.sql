-- Each listing's public profile as one JSON document, kept current on write (src/catalogue/listing-profile.ts).
--
-- A profile is the listing row plus what its sub-records add: categories, founders, FAQs, the latest
-- updates, the community rating, the Domain Rating with its trend and history, the story, milestones and
-- media. Gathering those on every read cost about 1.5 ms of planning and execution per request, and
-- sending thirty columns with arrays cost more than the row look-up itself. Here the document is built
-- once per write, by the triggers below, in the writing transaction: a read fetches one value by the
-- listing's key, and no committed write can leave it stale. The counters (votes, views, follows) change
-- with every vote and are read from listings itself, so a vote does not rewrite the document.
--
-- `json`, not `jsonb`: the text is kept as built, so objects keep their key order and nothing is
-- re-encoded on read. The story is kept whether published or not, and the paid sections whether
-- unlocked or not: who may see them is decided when the profile is read.
CREATE TABLE listing_profiles (
  listing_id integer PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE ON UPDATE CASCADE,
  doc json NOT NULL
);

CREATE FUNCTION listing_profile_doc(l listings) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', l.id, 'slug', l.slug, 'name', l.name, 'url', l.url, 'tagline', l.tagline, 'logo_url', l.logo_url,
    'category_slug', (SELECT pc.slug FROM categories pc WHERE pc.id = l.primary_category_id),
    'category_name', (SELECT pc.name FROM categories pc WHERE pc.id = l.primary_category_id),
    'status', l.status, 'plan', l.plan, 'launch_week', l.launch_week::text, 'launched_at', iso_time(l.launched_at),
    'country', l.country::text, 'stage', l.stage, 'pricing_model', l.pricing_model, 'pricing_summary', l.pricing_summary,
    'short_description', l.short_description, 'description', l.description, 'headline', l.headline, 'summary', l.summary,
    'features', l.features, 'usps', l.usps, 'keywords', l.keywords, 'tags', l.tags, 'city', l.city,
    'founded_year', l.founded_year, 'demo_video_url', l.demo_video_url, 'socials', l.socials,
    'not_found_on_website', l.not_found_on_website, 'unlocked_sections', l.unlocked_sections,
    'categories',
    (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'primary', c.id = l.primary_category_id)
              ORDER BY c.id = l.primary_category_id DESC, c.name)
       FROM categories c
      WHERE c.id = l.primary_category_id
         OR c.id IN (SELECT lc.category_id FROM listing_categories lc WHERE lc.listing_id = l.id)),
    'founders',
    (SELECT coalesce(json_agg(json_build_object('slug', f.slug, 'name', f.name, 'role', coalesce(lf.role, f.title), 'avatar_url', f.avatar_url)
              ORDER BY lf.position, f.id), '[]'::json)
       FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id
      WHERE lf.listing_id = l.id),
    'faqs',
    (SELECT coalesce(json_agg(json_build_object('question', q.question, 'answer', q.answer) ORDER BY q.position, q.id), '[]'::json)
       FROM listing_faqs q WHERE q.listing_id = l.id),
    'latest_updates',
    (SELECT coalesce(json_agg(json_build_object('title', u.title, 'body', u.body, 'published_at', iso_time(u.published_at))
              ORDER BY u.published_at DESC, u.id DESC), '[]'::json)
       FROM (SELECT * FROM listing_updates WHERE listing_id = l.id ORDER BY published_at DESC, id DESC LIMIT 5) u),
    'community_rating',
    (SELECT json_build_object('average', round(avg(r.rating), 1)::float8, 'count', count(*)::int)
       FROM reviews r WHERE r.listing_id = l.id AND r.genuine),
    'domain_rating',
    (SELECT json_build_object(
              'current', cur.rating,
              'measured_on', cur.measured_on::text,
              'trend', cur.rating - (SELECT d.rating FROM domain_ratings d
                                      WHERE d.listing_id = l.id AND d.measured_on <= cur.measured_on - 30
                                      ORDER BY d.measured_on DESC LIMIT 1),
              'history', (SELECT json_agg(json_build_object('date', d.measured_on::text, 'rating', d.rating) ORDER BY d.measured_on)
                            FROM domain_ratings d
                           WHERE d.listing_id = l.id AND d.measured_on > cur.measured_on - 90))
       FROM (SELECT rating, measured_on FROM domain_ratings WHERE listing_id = l.id ORDER BY measured_on DESC LIMIT 1) cur),
    'story',
    (SELECT json_build_object('title', s.title, 'story', s.story, 'why_started', s.why_started, 'problem', s.problem,
              'journey', s.journey, 'challenges', s.challenges, 'achievements', s.achievements, 'lessons', s.lessons,
              'whats_next', s.whats_next, 'published_at', iso_time(s.published_at))
       FROM stories s WHERE s.listing_id = l.id),
    'milestones',
    (SELECT coalesce(json_agg(json_build_object('id', m.id, 'date', m.date::text, 'title', m.title, 'description', m.description, 'url', m.url)
              ORDER BY m.date DESC, m.id DESC), '[]'::json)
       FROM milestones m WHERE m.listing_id = l.id),
    'media',
    (SELECT coalesce(json_agg(json_build_object('kind', md.kind, 'url', md.url, 'caption', md.caption) ORDER BY md.position, md.id), '[]'::json)
       FROM listing_media md WHERE md.listing_id = l.id)
  )
$$;

-- Builds the documents of the given listings again. The listings' rows are locked first, in key order (a
-- writer that changes a listing holds that lock already), and the documents built by a later statement:
-- under READ COMMITTED that statement sees what a concurrent writer of the same listing committed while
-- this one waited, so the last writer's document includes both changes.
CREATE FUNCTION refresh_listing_profiles(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM listings WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO listing_profiles (listing_id, doc)
  SELECT l.id, listing_profile_doc(l) FROM listings l WHERE l.id = ANY(ids)
  ON CONFLICT (listing_id) DO UPDATE SET doc = EXCLUDED.doc;
END
$$;

-- Statement-level: a bulk insert of ten thousand ratings gathers each listing once, not once per row.
CREATE FUNCTION listing_profile_sub_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_listing_profiles(ARRAY(SELECT DISTINCT listing_id FROM new_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_listing_profiles(ARRAY(SELECT DISTINCT listing_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  sub_record text;
BEGIN
  FOREACH sub_record IN ARRAY ARRAY['listing_categories', 'listing_founders', 'listing_faqs', 'listing_updates', 'reviews',
                                    'domain_ratings', 'stories', 'milestones', 'listing_media'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_profile_insert_trg AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION listing_profile_sub_record_changed()', sub_record);
    EXECUTE format('CREATE TRIGGER %1$s_profile_update_trg AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION listing_profile_sub_record_changed()', sub_record);
    EXECUTE format('CREATE TRIGGER %1$s_profile_delete_trg AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION listing_profile_sub_record_changed()', sub_record);
  END LOOP;
END
$$;

-- A new listing gets its document; a change of what the profile shows rebuilds it. Not the counters, the
-- search vector or updated_at: a vote does not rewrite the document.
CREATE FUNCTION listing_profile_listings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_listing_profiles(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
CREATE TRIGGER listings_profile_insert_trg AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_profile_listings_inserted();

CREATE FUNCTION listing_profile_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_listing_profiles(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
CREATE TRIGGER listings_profile_update_trg AFTER UPDATE ON listings
  FOR EACH ROW
  WHEN ((OLD.slug, OLD.name, OLD.url, OLD.tagline, OLD.logo_url, OLD.primary_category_id, OLD.status, OLD.plan, OLD.launch_week,
         OLD.launched_at, OLD.country, OLD.stage, OLD.pricing_model, OLD.pricing_summary, OLD.short_description, OLD.description,
         OLD.headline, OLD.summary, OLD.features, OLD.usps, OLD.keywords, OLD.tags, OLD.city, OLD.founded_year,
         OLD.demo_video_url, OLD.socials, OLD.not_found_on_website, OLD.unlocked_sections)
        IS DISTINCT FROM
        (NEW.slug, NEW.name, NEW.url, NEW.tagline, NEW.logo_url, NEW.primary_category_id, NEW.status, NEW.plan, NEW.launch_week,
         NEW.launched_at, NEW.country, NEW.stage, NEW.pricing_model, NEW.pricing_summary, NEW.short_description, NEW.description,
         NEW.headline, NEW.summary, NEW.features, NEW.usps, NEW.keywords, NEW.tags, NEW.city, NEW.founded_year,
         NEW.demo_video_url, NEW.socials, NEW.not_found_on_website, NEW.unlocked_sections))
  EXECUTE FUNCTION listing_profile_listing_changed();

-- A category or founder shown in profiles renamed (or re-pictured): every profile showing it.
CREATE FUNCTION listing_profile_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_listing_profiles(ARRAY(
    SELECT l.id FROM listings l WHERE l.primary_category_id = NEW.id
    UNION SELECT lc.listing_id FROM listing_categories lc WHERE lc.category_id = NEW.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER categories_profile_trg AFTER UPDATE OF slug, name ON categories
  FOR EACH ROW WHEN ((OLD.slug, OLD.name) IS DISTINCT FROM (NEW.slug, NEW.name))
  EXECUTE FUNCTION listing_profile_category_renamed();

CREATE FUNCTION listing_profile_founder_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_listing_profiles(ARRAY(SELECT lf.listing_id FROM listing_founders lf WHERE lf.founder_id = NEW.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER founders_profile_trg AFTER UPDATE OF slug, name, title, avatar_url ON founders
  FOR EACH ROW WHEN ((OLD.slug, OLD.name, OLD.title, OLD.avatar_url) IS DISTINCT FROM (NEW.slug, NEW.name, NEW.title, NEW.avatar_url))
  EXECUTE FUNCTION listing_profile_founder_changed();

INSERT INTO listing_profiles (listing_id, doc)
SELECT l.id, listing_profile_doc(l) FROM listings l;

-- listing_changed: at the commit of every write that changes what a listing's profile shows (its document,
-- or its counters), the ids of the listings changed, comma-separated ('*' when too many to name). Each
-- instance listens and forgets the answers it keeps for those listings (src/catalogue/listing-changes.ts).
CREATE FUNCTION notify_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_TABLE_NAME = 'listing_profiles' THEN
    SELECT string_agg(DISTINCT listing_id::text, ',') INTO ids FROM changed_rows;
  ELSE
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM changed_rows;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('listing_changed', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER listing_profiles_changed_insert_trg AFTER INSERT ON listing_profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
CREATE TRIGGER listing_profiles_changed_update_trg AFTER UPDATE ON listing_profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
CREATE TRIGGER listings_changed_update_trg AFTER UPDATE ON listings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
CREATE TRIGGER listings_changed_delete_trg AFTER DELETE ON listings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
