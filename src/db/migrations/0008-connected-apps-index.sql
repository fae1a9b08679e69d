-- The account page lists the apps an account allowed (its Grant records): look them up by account.
CREATE INDEX oauth_records_grant_account_idx ON oauth_records ((payload->>'accountId')) WHERE model = 'Grant';
