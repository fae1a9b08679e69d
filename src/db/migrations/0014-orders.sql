-- Orders: a priced body of items (src/orders/quote.ts) saved at checkout, paid on the checkout page and fulfilled
-- in the payment's transaction. Amounts are integer USD cents; `vat` keeps the treatment the quote stated.
CREATE SEQUENCE order_numbers;
CREATE TABLE orders (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'canceled', 'refunded')),
  net_cents bigint NOT NULL,
  vat_cents bigint NOT NULL,
  gross_cents bigint NOT NULL,
  vat jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE INDEX orders_account_idx ON orders (account_id, created_at DESC, id DESC);
CREATE TABLE order_lines (
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  position integer NOT NULL,
  product text NOT NULL,
  name text NOT NULL,
  listing_id integer REFERENCES listings(id) ON DELETE SET NULL,
  week date,
  categories text[] NOT NULL DEFAULT '{}',
  net_cents bigint NOT NULL,
  vat_cents bigint NOT NULL,
  gross_cents bigint NOT NULL,
  fulfilled boolean NOT NULL DEFAULT false,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_lines_listing_idx ON order_lines (listing_id);
