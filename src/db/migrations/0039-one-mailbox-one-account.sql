-- One mailbox, one account (issue 52, item 3). Accounts are kept unique, and found, by the mailbox their address
-- reaches: accounts.email_canonical, which the service computes with canonicalEmail (src/text/email.ts, after
-- validator's normalizeEmail): for Gmail without dots and +tag, googlemail.com as gmail.com; for Outlook.com/Hotmail/
-- Live/MSN and iCloud without +tag; for Yahoo without -tag; the Yandex domains as yandex.ru; any other address only
-- trimmed and lower-cased (as accounts.email already is). accounts.email stays the address mail goes to.
--
-- Old data may already hold several accounts for one mailbox (ring+1@gmail.com, r.i.n.g@gmail.com, ...). The
-- migration neither deletes nor merges them: the oldest account of each mailbox gets its canonical form; the others
-- keep NULL, so the unique constraint holds. Such an account is still reached by its own exact address (lookups
-- prefer an exact match), no new account can be made for that mailbox, and moderators find them with
-- SELECT email FROM accounts WHERE email_canonical IS NULL.
--
-- The function below is the same rule in SQL, for the rows of before only; it is dropped at the end.
-- test/db/one-mailbox-migration.test.ts holds it to canonicalEmail on every provider domain validator lists.
-- The statements can run again (the test does): IF NOT EXISTS, OR REPLACE, and rows already filled are kept.

ALTER TABLE accounts ADD COLUMN IF NOT EXISTS email_canonical text;

CREATE OR REPLACE FUNCTION mailbox_0039(address text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  WITH parts AS (
    SELECT address AS whole,
           substring(address from '^(.*)@[^@]*$') AS local_part,
           substring(address from '@([^@]*)$') AS domain
  ), mapped AS (
    SELECT whole, domain,
      CASE
        WHEN domain IN ('gmail.com', 'googlemail.com')
          THEN regexp_replace(split_part(local_part, '+', 1), '(?<!\.)\.(?!\.)', '', 'g')
        WHEN domain IN ('icloud.com', 'me.com',
          'hotmail.at', 'hotmail.be', 'hotmail.ca', 'hotmail.cl', 'hotmail.co.il', 'hotmail.co.nz', 'hotmail.co.th',
          'hotmail.co.uk', 'hotmail.com', 'hotmail.com.ar', 'hotmail.com.au', 'hotmail.com.br', 'hotmail.com.gr',
          'hotmail.com.mx', 'hotmail.com.pe', 'hotmail.com.tr', 'hotmail.com.vn', 'hotmail.cz', 'hotmail.de', 'hotmail.dk',
          'hotmail.es', 'hotmail.fr', 'hotmail.hu', 'hotmail.id', 'hotmail.ie', 'hotmail.in', 'hotmail.it', 'hotmail.jp',
          'hotmail.kr', 'hotmail.lv', 'hotmail.my', 'hotmail.ph', 'hotmail.pt', 'hotmail.sa', 'hotmail.sg', 'hotmail.sk',
          'live.be', 'live.co.uk', 'live.com', 'live.com.ar', 'live.com.mx', 'live.de', 'live.es', 'live.eu', 'live.fr',
          'live.it', 'live.nl', 'msn.com', 'outlook.at', 'outlook.be', 'outlook.cl', 'outlook.co.il', 'outlook.co.nz',
          'outlook.co.th', 'outlook.com', 'outlook.com.ar', 'outlook.com.au', 'outlook.com.br', 'outlook.com.gr',
          'outlook.com.pe', 'outlook.com.tr', 'outlook.com.vn', 'outlook.cz', 'outlook.de', 'outlook.dk', 'outlook.es',
          'outlook.fr', 'outlook.hu', 'outlook.id', 'outlook.ie', 'outlook.in', 'outlook.it', 'outlook.jp', 'outlook.kr',
          'outlook.lv', 'outlook.my', 'outlook.ph', 'outlook.pt', 'outlook.sa', 'outlook.sg', 'outlook.sk', 'passport.com')
          THEN split_part(local_part, '+', 1)
        WHEN domain IN ('rocketmail.com', 'yahoo.ca', 'yahoo.co.uk', 'yahoo.com', 'yahoo.de', 'yahoo.fr', 'yahoo.in',
          'yahoo.it', 'ymail.com')
          THEN regexp_replace(local_part, '-[^-]*$', '')
        ELSE local_part
      END AS local_part
    FROM parts
  )
  SELECT CASE
    WHEN local_part IS NULL OR local_part = '' THEN whole
    WHEN domain = 'googlemail.com' THEN local_part || '@gmail.com'
    WHEN domain IN ('yandex.ru', 'yandex.ua', 'yandex.kz', 'yandex.com', 'yandex.by', 'ya.ru') THEN local_part || '@yandex.ru'
    ELSE local_part || '@' || domain
  END
  FROM mapped
$$;

-- The oldest account of each mailbox (one that already has the form, when run again) gets it; the others keep NULL.
WITH ranked AS (
  SELECT id, mailbox_0039(email) AS canonical,
         row_number() OVER (PARTITION BY mailbox_0039(email) ORDER BY email_canonical IS NULL, created_at, id) AS place
  FROM accounts
)
UPDATE accounts a SET email_canonical = r.canonical
FROM ranked r
WHERE a.id = r.id AND a.email_canonical IS NULL AND r.place = 1
  AND NOT EXISTS (SELECT 1 FROM accounts other WHERE other.email_canonical = r.canonical);

CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_canonical_key ON accounts (email_canonical);

DROP FUNCTION mailbox_0039(text);
