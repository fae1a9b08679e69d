-- People's data (issue 36): an account can be deleted. Its paid orders are invoices the seller must keep (tax law), so
-- they outlive it: the link to the account (and with it the buyer's e-mail address) goes, and buyer_removed_at says
-- when. What stays of the buyer is what the invoice needs: the billing country and VAT number in `vat`.
ALTER TABLE orders ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE orders DROP CONSTRAINT orders_account_id_fkey;
ALTER TABLE orders ADD CONSTRAINT orders_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN buyer_removed_at timestamptz;
