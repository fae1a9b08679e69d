-- Search that finds needs (src/catalogue/search.ts, docs/search.md).
--
-- A listing's search vector was built with the 'simple' configuration, so "tracking" did not find "track" and
-- "invoices" did not find "invoice"; and a listing was not found by its category's name ("help desk" found chatbots
-- mentioning help). The vector now uses PostgreSQL's 'english' configuration (Snowball stemming, English stop words)
-- and holds, at weight A beside the name, the words of its primary category: its name and its keywords (the
-- category's own synonyms, edited by staff), and at weight B its parent's name. A category match ranks with a name
-- match, above a tagline (B) and the descriptions (C, D).
--
-- A listing is also found by its founders' names and its country's names (weight C, beside the short description).
-- Country names: English names and short forms of ISO 3166-1, written out from i18n-iso-countries 7.14.0
-- (getNames('en', { select: 'all' })), the list the offline drafter reads countries with.
--
-- The typo dictionary (search_terms) keeps words as people type them, not stems ("calendar", not "calendar" and
-- "invoic"): listing_dictionary_vector gives the 'simple' vector of the same text, and the dictionary is read from it.

CREATE FUNCTION category_search_words(category integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', c.name, array_to_string(c.keywords, ' ')) FROM categories c WHERE c.id = category
$$;

CREATE FUNCTION parent_category_name(category integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT p.name FROM categories c JOIN categories p ON p.id = c.parent_id WHERE c.id = category
$$;

CREATE FUNCTION country_names() RETURNS TABLE (code text, names text[]) LANGUAGE sql IMMUTABLE AS $$
  SELECT * FROM (VALUES
    ('AD', ARRAY['Andorra']),
    ('AE', ARRAY['United Arab Emirates', 'UAE']),
    ('AF', ARRAY['Afghanistan']),
    ('AG', ARRAY['Antigua and Barbuda']),
    ('AI', ARRAY['Anguilla']),
    ('AL', ARRAY['Albania']),
    ('AM', ARRAY['Armenia']),
    ('AO', ARRAY['Angola']),
    ('AQ', ARRAY['Antarctica']),
    ('AR', ARRAY['Argentina']),
    ('AS', ARRAY['American Samoa']),
    ('AT', ARRAY['Austria']),
    ('AU', ARRAY['Australia']),
    ('AW', ARRAY['Aruba']),
    ('AX', ARRAY['Åland Islands', 'Aland Islands']),
    ('AZ', ARRAY['Azerbaijan']),
    ('BA', ARRAY['Bosnia and Herzegovina']),
    ('BB', ARRAY['Barbados']),
    ('BD', ARRAY['Bangladesh']),
    ('BE', ARRAY['Belgium']),
    ('BF', ARRAY['Burkina Faso']),
    ('BG', ARRAY['Bulgaria']),
    ('BH', ARRAY['Bahrain']),
    ('BI', ARRAY['Burundi']),
    ('BJ', ARRAY['Benin']),
    ('BL', ARRAY['Saint Barthélemy']),
    ('BM', ARRAY['Bermuda']),
    ('BN', ARRAY['Brunei Darussalam']),
    ('BO', ARRAY['Bolivia']),
    ('BQ', ARRAY['Bonaire, Sint Eustatius and Saba']),
    ('BR', ARRAY['Brazil']),
    ('BS', ARRAY['Bahamas']),
    ('BT', ARRAY['Bhutan']),
    ('BV', ARRAY['Bouvet Island']),
    ('BW', ARRAY['Botswana']),
    ('BY', ARRAY['Belarus']),
    ('BZ', ARRAY['Belize']),
    ('CA', ARRAY['Canada']),
    ('CC', ARRAY['Cocos (Keeling) Islands']),
    ('CD', ARRAY['Democratic Republic of the Congo', 'Congo']),
    ('CF', ARRAY['Central African Republic']),
    ('CG', ARRAY['Republic of the Congo', 'Congo']),
    ('CH', ARRAY['Switzerland']),
    ('CI', ARRAY['Cote d''Ivoire', 'Côte d''Ivoire', 'Ivory Coast']),
    ('CK', ARRAY['Cook Islands']),
    ('CL', ARRAY['Chile']),
    ('CM', ARRAY['Cameroon']),
    ('CN', ARRAY['People''s Republic of China', 'China']),
    ('CO', ARRAY['Colombia']),
    ('CR', ARRAY['Costa Rica']),
    ('CU', ARRAY['Cuba']),
    ('CV', ARRAY['Cape Verde']),
    ('CW', ARRAY['Curaçao']),
    ('CX', ARRAY['Christmas Island']),
    ('CY', ARRAY['Cyprus']),
    ('CZ', ARRAY['Czech Republic', 'Czechia']),
    ('DE', ARRAY['Germany']),
    ('DJ', ARRAY['Djibouti']),
    ('DK', ARRAY['Denmark']),
    ('DM', ARRAY['Dominica']),
    ('DO', ARRAY['Dominican Republic']),
    ('DZ', ARRAY['Algeria']),
    ('EC', ARRAY['Ecuador']),
    ('EE', ARRAY['Estonia']),
    ('EG', ARRAY['Egypt']),
    ('EH', ARRAY['Western Sahara']),
    ('ER', ARRAY['Eritrea']),
    ('ES', ARRAY['Spain']),
    ('ET', ARRAY['Ethiopia']),
    ('FI', ARRAY['Finland']),
    ('FJ', ARRAY['Fiji']),
    ('FK', ARRAY['Falkland Islands (Malvinas)']),
    ('FM', ARRAY['Micronesia, Federated States of']),
    ('FO', ARRAY['Faroe Islands']),
    ('FR', ARRAY['France']),
    ('GA', ARRAY['Gabon']),
    ('GB', ARRAY['United Kingdom', 'UK', 'Great Britain']),
    ('GD', ARRAY['Grenada']),
    ('GE', ARRAY['Georgia']),
    ('GF', ARRAY['French Guiana']),
    ('GG', ARRAY['Guernsey']),
    ('GH', ARRAY['Ghana']),
    ('GI', ARRAY['Gibraltar']),
    ('GL', ARRAY['Greenland']),
    ('GM', ARRAY['Republic of The Gambia', 'The Gambia', 'Gambia']),
    ('GN', ARRAY['Guinea']),
    ('GP', ARRAY['Guadeloupe']),
    ('GQ', ARRAY['Equatorial Guinea']),
    ('GR', ARRAY['Greece']),
    ('GS', ARRAY['South Georgia and the South Sandwich Islands']),
    ('GT', ARRAY['Guatemala']),
    ('GU', ARRAY['Guam']),
    ('GW', ARRAY['Guinea-Bissau']),
    ('GY', ARRAY['Guyana']),
    ('HK', ARRAY['Hong Kong']),
    ('HM', ARRAY['Heard Island and McDonald Islands']),
    ('HN', ARRAY['Honduras']),
    ('HR', ARRAY['Croatia']),
    ('HT', ARRAY['Haiti']),
    ('HU', ARRAY['Hungary']),
    ('ID', ARRAY['Indonesia']),
    ('IE', ARRAY['Ireland']),
    ('IL', ARRAY['Israel']),
    ('IM', ARRAY['Isle of Man']),
    ('IN', ARRAY['India']),
    ('IO', ARRAY['British Indian Ocean Territory']),
    ('IQ', ARRAY['Iraq']),
    ('IR', ARRAY['Islamic Republic of Iran', 'Iran']),
    ('IS', ARRAY['Iceland']),
    ('IT', ARRAY['Italy']),
    ('JE', ARRAY['Jersey']),
    ('JM', ARRAY['Jamaica']),
    ('JO', ARRAY['Jordan']),
    ('JP', ARRAY['Japan']),
    ('KE', ARRAY['Kenya']),
    ('KG', ARRAY['Kyrgyzstan']),
    ('KH', ARRAY['Cambodia']),
    ('KI', ARRAY['Kiribati']),
    ('KM', ARRAY['Comoros']),
    ('KN', ARRAY['Saint Kitts and Nevis']),
    ('KP', ARRAY['North Korea']),
    ('KR', ARRAY['South Korea', 'Korea, Republic of', 'Republic of Korea']),
    ('KW', ARRAY['Kuwait']),
    ('KY', ARRAY['Cayman Islands']),
    ('KZ', ARRAY['Kazakhstan']),
    ('LA', ARRAY['Lao People''s Democratic Republic']),
    ('LB', ARRAY['Lebanon']),
    ('LC', ARRAY['Saint Lucia']),
    ('LI', ARRAY['Liechtenstein']),
    ('LK', ARRAY['Sri Lanka']),
    ('LR', ARRAY['Liberia']),
    ('LS', ARRAY['Lesotho']),
    ('LT', ARRAY['Lithuania']),
    ('LU', ARRAY['Luxembourg']),
    ('LV', ARRAY['Latvia']),
    ('LY', ARRAY['Libya']),
    ('MA', ARRAY['Morocco']),
    ('MC', ARRAY['Monaco']),
    ('MD', ARRAY['Moldova, Republic of']),
    ('ME', ARRAY['Montenegro']),
    ('MF', ARRAY['Saint Martin (French part)']),
    ('MG', ARRAY['Madagascar']),
    ('MH', ARRAY['Marshall Islands']),
    ('MK', ARRAY['The Republic of North Macedonia', 'North Macedonia']),
    ('ML', ARRAY['Mali']),
    ('MM', ARRAY['Myanmar']),
    ('MN', ARRAY['Mongolia']),
    ('MO', ARRAY['Macao']),
    ('MP', ARRAY['Northern Mariana Islands']),
    ('MQ', ARRAY['Martinique']),
    ('MR', ARRAY['Mauritania']),
    ('MS', ARRAY['Montserrat']),
    ('MT', ARRAY['Malta']),
    ('MU', ARRAY['Mauritius']),
    ('MV', ARRAY['Maldives']),
    ('MW', ARRAY['Malawi']),
    ('MX', ARRAY['Mexico']),
    ('MY', ARRAY['Malaysia']),
    ('MZ', ARRAY['Mozambique']),
    ('NA', ARRAY['Namibia']),
    ('NC', ARRAY['New Caledonia']),
    ('NE', ARRAY['Niger']),
    ('NF', ARRAY['Norfolk Island']),
    ('NG', ARRAY['Nigeria']),
    ('NI', ARRAY['Nicaragua']),
    ('NL', ARRAY['Netherlands', 'The Netherlands', 'Netherlands (Kingdom of the)']),
    ('NO', ARRAY['Norway']),
    ('NP', ARRAY['Nepal']),
    ('NR', ARRAY['Nauru']),
    ('NU', ARRAY['Niue']),
    ('NZ', ARRAY['New Zealand']),
    ('OM', ARRAY['Oman']),
    ('PA', ARRAY['Panama']),
    ('PE', ARRAY['Peru']),
    ('PF', ARRAY['French Polynesia']),
    ('PG', ARRAY['Papua New Guinea']),
    ('PH', ARRAY['Philippines']),
    ('PK', ARRAY['Pakistan']),
    ('PL', ARRAY['Poland']),
    ('PM', ARRAY['Saint Pierre and Miquelon']),
    ('PN', ARRAY['Pitcairn', 'Pitcairn Islands']),
    ('PR', ARRAY['Puerto Rico']),
    ('PS', ARRAY['State of Palestine', 'Palestine']),
    ('PT', ARRAY['Portugal']),
    ('PW', ARRAY['Palau']),
    ('PY', ARRAY['Paraguay']),
    ('QA', ARRAY['Qatar']),
    ('RE', ARRAY['Reunion']),
    ('RO', ARRAY['Romania']),
    ('RS', ARRAY['Serbia']),
    ('RU', ARRAY['Russian Federation', 'Russia']),
    ('RW', ARRAY['Rwanda']),
    ('SA', ARRAY['Saudi Arabia']),
    ('SB', ARRAY['Solomon Islands']),
    ('SC', ARRAY['Seychelles']),
    ('SD', ARRAY['Sudan']),
    ('SE', ARRAY['Sweden']),
    ('SG', ARRAY['Singapore']),
    ('SH', ARRAY['Saint Helena']),
    ('SI', ARRAY['Slovenia']),
    ('SJ', ARRAY['Svalbard and Jan Mayen']),
    ('SK', ARRAY['Slovakia']),
    ('SL', ARRAY['Sierra Leone']),
    ('SM', ARRAY['San Marino']),
    ('SN', ARRAY['Senegal']),
    ('SO', ARRAY['Somalia']),
    ('SR', ARRAY['Suriname']),
    ('SS', ARRAY['South Sudan']),
    ('ST', ARRAY['Sao Tome and Principe']),
    ('SV', ARRAY['El Salvador']),
    ('SX', ARRAY['Sint Maarten (Dutch part)']),
    ('SY', ARRAY['Syrian Arab Republic']),
    ('SZ', ARRAY['Eswatini']),
    ('TC', ARRAY['Turks and Caicos Islands']),
    ('TD', ARRAY['Chad']),
    ('TF', ARRAY['French Southern Territories']),
    ('TG', ARRAY['Togo']),
    ('TH', ARRAY['Thailand']),
    ('TJ', ARRAY['Tajikistan']),
    ('TK', ARRAY['Tokelau']),
    ('TL', ARRAY['Timor-Leste']),
    ('TM', ARRAY['Turkmenistan']),
    ('TN', ARRAY['Tunisia']),
    ('TO', ARRAY['Tonga']),
    ('TR', ARRAY['Türkiye', 'Turkey']),
    ('TT', ARRAY['Trinidad and Tobago']),
    ('TV', ARRAY['Tuvalu']),
    ('TW', ARRAY['Taiwan, Province of China', 'Taiwan']),
    ('TZ', ARRAY['United Republic of Tanzania', 'Tanzania']),
    ('UA', ARRAY['Ukraine']),
    ('UG', ARRAY['Uganda']),
    ('UM', ARRAY['United States Minor Outlying Islands']),
    ('US', ARRAY['United States of America', 'United States', 'USA', 'U.S.A.', 'US', 'U.S.']),
    ('UY', ARRAY['Uruguay']),
    ('UZ', ARRAY['Uzbekistan']),
    ('VA', ARRAY['Holy See (Vatican City State)']),
    ('VC', ARRAY['Saint Vincent and the Grenadines']),
    ('VE', ARRAY['Venezuela']),
    ('VG', ARRAY['Virgin Islands, British']),
    ('VI', ARRAY['Virgin Islands, U.S.']),
    ('VN', ARRAY['Vietnam']),
    ('VU', ARRAY['Vanuatu']),
    ('WF', ARRAY['Wallis and Futuna']),
    ('WS', ARRAY['Samoa']),
    ('XK', ARRAY['Kosovo']),
    ('YE', ARRAY['Yemen']),
    ('YT', ARRAY['Mayotte']),
    ('ZA', ARRAY['South Africa']),
    ('ZM', ARRAY['Zambia']),
    ('ZW', ARRAY['Zimbabwe'])
  ) AS c(code, names)
$$;

CREATE FUNCTION country_search_words(code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_string(c.names, ' ') FROM country_names() c WHERE c.code = upper($1)
$$;

-- The stems of the one-word country names ("germany", "sweden", "uk"): a query word naming a country is a place the
-- search prefers, not a word every listing must hold ("chatbot from germany": German chatbots first, then the others).
-- Words of longer names ("new", "south", "united") are not among them, nor "US" (the pronoun "us" is no place).
CREATE FUNCTION country_name_stems() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(DISTINCT x.lexeme ORDER BY x.lexeme)
  FROM country_names() c, unnest(c.names) AS name, unnest(to_tsvector('english', name)) x
  WHERE name !~ ' ' AND name NOT IN ('US', 'U.S.')
$$;

CREATE FUNCTION listing_founder_names(listing integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(f.name, ' ' ORDER BY lf.position, f.id)
  FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id
  WHERE lf.listing_id = listing
$$;

CREATE OR REPLACE FUNCTION listings_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.tagline, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, array_to_string(NEW.keywords, ' ')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(category_search_words(NEW.primary_category_id), '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(parent_category_name(NEW.primary_category_id), '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.short_description, '')), 'C') ||
    setweight(to_tsvector('english'::regconfig,
      concat_ws(' ', listing_founder_names(NEW.id), country_search_words(NEW.country), NEW.city)), 'C') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;
DROP TRIGGER listings_search_vector_trg ON listings;
CREATE TRIGGER listings_search_vector_trg
  BEFORE INSERT OR UPDATE OF name, tagline, keywords, short_description, description, primary_category_id, country, city
  ON listings FOR EACH ROW EXECUTE FUNCTION listings_search_vector();

-- Founders linked, unlinked or renamed: their listings are found by the names they have now.
CREATE FUNCTION listing_founders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET primary_category_id = primary_category_id WHERE id IN (SELECT listing_id FROM added);
  RETURN NULL;
END
$$;
CREATE FUNCTION listing_founders_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET primary_category_id = primary_category_id WHERE id IN (SELECT listing_id FROM removed);
  RETURN NULL;
END
$$;
CREATE TRIGGER listing_founders_added_trg AFTER INSERT ON listing_founders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION listing_founders_added();
CREATE TRIGGER listing_founders_removed_trg AFTER DELETE ON listing_founders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION listing_founders_removed();
CREATE FUNCTION founders_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET primary_category_id = primary_category_id
  WHERE id IN (SELECT listing_id FROM listing_founders WHERE founder_id = NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER founders_renamed_trg AFTER UPDATE OF name ON founders
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION founders_renamed();

-- A category renamed or given other keywords: its listings, and those of its subcategories, are found by the new words.
CREATE FUNCTION categories_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET primary_category_id = primary_category_id
  WHERE primary_category_id = NEW.id OR primary_category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER categories_search_words_trg AFTER UPDATE OF name, keywords, parent_id ON categories
  FOR EACH ROW WHEN ((OLD.name, OLD.keywords, OLD.parent_id) IS DISTINCT FROM (NEW.name, NEW.keywords, NEW.parent_id))
  EXECUTE FUNCTION categories_search_words_changed();

-- The words of a listing as typed (the typo dictionary's source).
CREATE FUNCTION listing_dictionary_vector(l listings) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple'::regconfig, concat_ws(' ', l.name, l.tagline, array_to_string(l.keywords, ' '),
    category_search_words(l.primary_category_id), parent_category_name(l.primary_category_id), l.short_description, listing_founder_names(l.id),
    country_search_words(l.country), l.city, l.description))
$$;

UPDATE listings SET primary_category_id = primary_category_id;

DELETE FROM search_terms;
INSERT INTO search_terms (term, documents)
SELECT word, ndoc FROM ts_stat($source$SELECT listing_dictionary_vector(l) FROM listings l WHERE status IN ('live', 'scheduled')$source$)
WHERE length(word) >= 2;
