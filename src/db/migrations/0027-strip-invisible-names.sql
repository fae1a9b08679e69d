-- Names stored before invisible characters were stripped on the way in (issue 30) lose them now, so that an old
-- "\u202eppA lanimreT" no longer shows as "Terminal App" in titles, badges and mail subjects. The class is the one of
-- src/text/invisible-characters.ts. A value that would be left empty keeps its text (none is expected).
UPDATE listings SET
  name = CASE WHEN btrim(regexp_replace(name, '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]', '', 'g')) <> ''
    THEN regexp_replace(name, '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]', '', 'g') ELSE name END,
  tagline = regexp_replace(tagline, '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]', '', 'g')
WHERE name ~ '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]'
   OR tagline ~ '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]';

UPDATE founders SET
  name = regexp_replace(name, '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]', '', 'g')
WHERE name ~ '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]'
  AND btrim(regexp_replace(name, '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]', '', 'g')) <> '';

UPDATE accounts SET
  display_name = NULLIF(btrim(regexp_replace(display_name, '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]', '', 'g')), '')
WHERE display_name ~ '[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]';
