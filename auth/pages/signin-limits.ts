import type { Database } from '../../src/db/database.js';
import { exactCounter, type RatePolicy } from '../../src/rate-limit/counter.js';
import { currentHits, forgetHits, takeBackHits } from '../../src/rate-limit/fixed-window.js';
import { rateLimitKeyHash } from '../../src/security/keyed-hash.js';
import { canonicalEmail } from '../../src/text/email.js';

/**
 * The limits of the sign-in form, after OWASP's guidance: only failed attempts count, and no single client address
 * can lock anyone out. Failures are counted per pair of account and client address (tight), per client address
 * across accounts (guessing many accounts), and per account across all addresses (a distributed attack). The last
 * one never refuses by itself: beyond it, each pair's limit drops to a few attempts, which slows a distributed attack
 * while the account's owner, signing in from an address that has not failed, still gets in.
 */
const FAILURES_PER_PAIR: RatePolicy = { name: 'sign-in-failures-per-account-and-client', limit: 10, windowSeconds: 15 * 60 };
const FAILURES_PER_CLIENT: RatePolicy = { name: 'sign-in-failures-per-client', limit: 50, windowSeconds: 15 * 60 };
const FAILURES_PER_ACCOUNT: RatePolicy = { name: 'sign-in-failures-per-account', limit: 100, windowSeconds: 60 * 60 };
/** A pair's limit while its account is past FAILURES_PER_ACCOUNT. */
const PAIR_LIMIT_UNDER_ATTACK = 3;
/** Longer input cannot be an account's address; the rate-limit keys are cut there so they stay small. */
const MAX_EMAIL_KEY_LENGTH = 254;

export interface SigninAttempt {
  /** Seconds to wait when the attempt is refused before its password is checked; undefined when it may go ahead. */
  refusedForSeconds?: number;
  /** The password was wrong (or the account unknown): the attempt stays counted, and its account's count grows. */
  failed(): Promise<void>;
  /** The person signed in: the attempt is taken back and the pair's earlier failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt for `email` (normalized) from `client` before its password is checked, so parallel
 * guesses are counted too, and says whether it may go ahead. The caller reports how it ended: only failures stay.
 */
export async function countSigninAttempt(db: Database, email: string, client: string, now: Date): Promise<SigninAttempt> {
  // The keys hold keyed hashes of the address and the e-mail address, never the values (issue 52, part 6).
  const hash = await rateLimitKeyHash(db);
  // Counted per mailbox (canonicalEmail): the addresses of one mailbox reach one account, so they share its counts.
  const [account, address] = [hash(canonicalEmail(email.slice(0, MAX_EMAIL_KEY_LENGTH))), hash(client)];
  const keys = { pair: `signin:pair:${account}:${address}`, client: `signin:ip:${address}`, account: `signin:email:${account}` };
  const counter = exactCounter(db);
  const pair = await counter.hit(keys.pair, FAILURES_PER_PAIR, now);
  const byClient = await counter.hit(keys.client, FAILURES_PER_CLIENT, now);
  const accountFailures = await currentHits(db, keys.account, FAILURES_PER_ACCOUNT.windowSeconds, now);
  const pairLimit = accountFailures >= FAILURES_PER_ACCOUNT.limit ? PAIR_LIMIT_UNDER_ATTACK : FAILURES_PER_PAIR.limit;
  // Within its limit a window's hits are limit - remaining; beyond it the pair is refused under either limit.
  const pairRefused = !pair.allowed || FAILURES_PER_PAIR.limit - pair.remaining > pairLimit;
  const refusals = [pairRefused ? pair : undefined, byClient.allowed ? undefined : byClient].filter((hit) => hit !== undefined);
  return {
    refusedForSeconds: refusals.length > 0 ? Math.max(...refusals.map((hit) => hit.resetSeconds)) : undefined,
    failed: async () => {
      await counter.hit(keys.account, FAILURES_PER_ACCOUNT, now);
    },
    succeeded: async () => {
      await forgetHits(db, keys.pair);
      await takeBackHits(db, keys.client);
    },
  };
}
