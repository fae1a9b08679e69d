/** When an owner may have the homepage of a free listing awaiting its badge checked again (choose_free_listing). */

/** An owner asking again checks the homepage at most this often. */
const ON_DEMAND_CHECK_MS = 60_000;

/** About how long the first check takes: the job queue picks it up within seconds, and the homepage read is bounded to 15. */
export const FIRST_CHECK_SECONDS = 20;

/** Whole seconds until the homepage may be checked on demand again after a check at `checkedAt`; 0 when it may now. */
export function recheckWaitSeconds(checkedAt: Date | string | null, now: Date): number {
  if (checkedAt === null) return 0;
  const wait = new Date(checkedAt).getTime() + ON_DEMAND_CHECK_MS - now.getTime();
  return wait > 0 ? Math.min(Math.ceil(wait / 1000), ON_DEMAND_CHECK_MS / 1000) : 0;
}
