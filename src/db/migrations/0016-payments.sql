-- Payments through a provider (Stripe Checkout): each order keeps the provider's checkout session, its address and,
-- once paid, the payment's reference; refunds are recorded against it. Every provider event is stored by its id
-- before it is acted on, in the same transaction, so a repeated delivery changes nothing.
ALTER TABLE orders
  ADD COLUMN payment_provider text CHECK (payment_provider IN ('test', 'stripe')),
  ADD COLUMN payment_session text UNIQUE,
  ADD COLUMN payment_url text,
  ADD COLUMN payment_reference text UNIQUE,
  ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN refunded_at timestamptz;
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  order_number text,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_order_idx ON payment_events (order_number, received_at);
