import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Database } from '../db/database.js';
import { createAccount, findAccountByEmail, isPlausibleEmail } from '../accounts/accounts.js';
import { normalizeEmail } from '../text/email.js';
import { escapeControls } from '../text/control-characters.js';
import { createApiKey, MAX_API_KEY_NAME_LENGTH, StaffOnlyScopeError } from '../accounts/api-keys.js';
import { isStaffRole, setStaffRole, STAFF_ROLES } from '../staff/roles.js';
import { COMMAND_LINE } from '../staff/audit-log.js';
import { ProblemError } from '../errors.js';
import { readOutbox, type OutboxEntry } from '../mail/mailer.js';
import { randomToken } from '../security/random.js';
import { DEFAULT_SCOPES, isScope, SCOPE_NAMES, type Scope } from '../accounts/caller.js';
import { listingHistory, type VersionEntry } from '../listings/listing-history.js';
import { SLUG_PATTERN } from '../schema.js';
import { setPrice, setVatRate } from '../orders/prices.js';
import type { Logger } from '../logging/logger.js';
import { JobAlreadyRunningError, type JobRunRecord, type RecurringJob } from '../schedule/job-runs.js';
import { recurringJobStatus, runJobNow, type RecurringJobStatus } from '../schedule/service-clock.js';
import { MAX_REVENUE_SOURCE_LENGTH, recordVerifiedRevenue } from '../metrics/verified-revenue.js';
import { rotateAwardKey } from '../catalogue/award-proofs.js';
import { backupInService, restoreRefusedWhileRunning } from './backup-command.js';
import { type AdminResult, done, failed } from './admin-result.js';

export interface AdminDeps {
  db: Database;
  now: () => Date;
  /** The service's recurring jobs (jobs, run-job). */
  recurring: readonly RecurringJob[];
  log: Logger;
}

const DEFAULT_KEY_NAME = 'created with npm run admin';
const MAX_OUTBOX_LIMIT = 100;

const ADMIN_USAGE = `usage: npm run admin -- <command>

  create-user <email>
      Creates an account with a verified e-mail and prints a random password.
  create-api-key <email> [--scopes ${SCOPE_NAMES.join(',')}] [--name "..."]
      Makes an API key for the account; the key is printed alone on the last line.
      Scopes: ${SCOPE_NAMES.join(', ')} (default: ${DEFAULT_SCOPES.join(', ')}; admin only for staff accounts).
  set-role <email> ${STAFF_ROLES.join('|')}|none
      Gives the account a staff role (the /admin console and the admin scope), or takes it away; recorded in the
      audit log. The first admin is made this way; admins change roles on /admin/staff afterwards.
  outbox [--to <email>] [--limit N]
      Prints the newest mails of the outbox (sign-up and password-reset links without SMTP).
  listing-history <slug> [--limit N]
      Prints a listing's versions, newest first: who changed what, when, each field before and after.
  set-price <product> <cents>
      Sets a product's price in USD cents, excluding VAT (list_products shows the products); recorded in the audit log.
  set-vat <country> <percent> [--eu | --not-eu]
      Sets a country's VAT rate, e.g. set-vat DE 19 or set-vat FI 25.5; --eu marks a new country as an EU member;
      recorded in the audit log.
  verify-revenue <slug> <mrr-cents> --source <name> [--date YYYY-MM-DD]
      Records a listing's verified monthly recurring revenue in USD cents, where it was verified (e.g. "Stripe
      read-only key") and as of which day (default today); the revenue board shows the latest figure with both.
  jobs
      Lists the recurring jobs: what each does, its last run and outcome, and when the schedule runs it next.
  run-job <name>
      Runs a recurring job now (for its current period) and prints its outcome; \`jobs\` names them.
  rotate-award-key
      Signs award proofs with a new key from now on; earlier keys stay published, so earlier proofs still verify.
  backup <file>
      Writes a consistent copy of the embedded database to <file> (owner-only), also while the service runs.
      With DATABASE_URL it prints the pg_dump command instead.
  restore <file>
      Puts a backup in place of the embedded database, keeping the one it replaces aside; the service must be
      stopped, and migrates an older backup when it starts.
  help
      Prints this text.`;

type Command = (deps: AdminDeps, args: string[]) => Promise<AdminResult>;

/** An argument the operator got wrong: answered with exit status 2 and the usage text. */
class UsageError extends Error {}

const COMMANDS: Record<string, Command> = {
  'create-user': createUser,
  'create-api-key': createApiKeyCommand,
  'set-role': setRoleCommand,
  outbox,
  'listing-history': listingHistoryCommand,
  'set-price': setPriceCommand,
  'set-vat': setVatCommand,
  'verify-revenue': verifyRevenueCommand,
  jobs: jobsCommand,
  'run-job': runJobCommand,
  'rotate-award-key': rotateAwardKeyCommand,
  backup: (deps, args) => backupInService(deps.db, args),
  restore: restoreRefusedWhileRunning,
  help: async () => done(ADMIN_USAGE),
};

/** Runs one operator command; the same code runs inside the service (control socket) and in the CLI. */
export async function runAdminCommand(deps: AdminDeps, argv: string[]): Promise<AdminResult> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') return done(ADMIN_USAGE);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    if (!command) throw new UsageError(`unknown command "${name}"`);
    // What a command prints can hold what people wrote (a mail's subject, a listing's name): escaped, so no stored
    // escape sequence reaches the operator's terminal.
    const result = await command(deps, args);
    return { ...result, output: escapeControls(result.output) };
  } catch (error) {
    if (error instanceof UsageError) return { exitCode: 2, output: escapeControls(`admin: ${error.message}\n\n${ADMIN_USAGE}`) };
    throw error;
  }
}

async function createUser(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals } = parse(args, {});
  const email = normalizeEmail(onePositional(positionals, '<email>'));
  if (!isPlausibleEmail(email)) throw new UsageError(`"${email}" is not an e-mail address`);
  const password = randomToken(18);
  const account = await createAccount(deps.db, { email, password, verified: true, now: deps.now() });
  if (!account) return failed('an account with that e-mail exists');
  return done(`created account ${account.email} (e-mail verified); its password:`, password);
}

async function createApiKeyCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { values, positionals } = parse(args, { scopes: { type: 'string' }, name: { type: 'string' } });
  const email = onePositional(positionals, '<email>');
  const scopes = values.scopes === undefined ? DEFAULT_SCOPES : parseScopes(values.scopes as string);
  const name = ((values.name as string | undefined) ?? DEFAULT_KEY_NAME).trim();
  if (name.length === 0 || name.length > MAX_API_KEY_NAME_LENGTH)
    throw new UsageError(`--name must be 1 to ${MAX_API_KEY_NAME_LENGTH} characters`);
  const account = await findAccountByEmail(deps.db, email);
  if (!account) return failed(`no account has the e-mail ${normalizeEmail(email)}`);
  const created = await createApiKey(deps.db, { accountId: account.id, name, scopes, now: deps.now() }).catch((error: unknown) => {
    if (error instanceof StaffOnlyScopeError) return error;
    throw error;
  });
  if (created instanceof StaffOnlyScopeError) return failed(`${created.message} Give ${account.email} a role first (set-role).`);
  const { key, record } = created;
  return done(`created API key "${record.name}" for ${account.email} with scopes ${record.scopes.join(', ')}; it is shown only now:`, key);
}

async function setRoleCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals } = parse(args, {});
  if (positionals.length !== 2) throw new UsageError(`set-role takes <email> ${STAFF_ROLES.join('|')}|none`);
  const [email, roleName] = positionals;
  if (roleName !== 'none' && !isStaffRole(roleName))
    throw new UsageError(`unknown role "${roleName}"; the roles are ${STAFF_ROLES.join(', ')} or none`);
  const role = roleName === 'none' ? null : roleName;
  try {
    const changed = await setStaffRole(deps.db, { actor: COMMAND_LINE, email, role, now: deps.now(), allowNoAdmin: true });
    return done(
      changed.previous === role
        ? `${changed.email} already has ${role ? `the role ${role}` : 'no staff role'}; nothing changed`
        : `${changed.email} now has ${role ? `the role ${role}` : 'no staff role'} (was ${changed.previous ?? 'none'})`,
    );
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404)
      return failed(`no account has the e-mail ${normalizeEmail(email)}; sign up first`);
    throw error;
  }
}

async function outbox(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { values, positionals } = parse(args, { to: { type: 'string' }, limit: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`outbox takes no argument "${positionals[0]}"`);
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OUTBOX_LIMIT)
    throw new UsageError(`--limit must be an integer 1-${MAX_OUTBOX_LIMIT}`);
  const to = values.to as string | undefined;
  const mails = await readOutbox(deps.db, { to, limit });
  if (mails.length === 0) return done(to ? `no mail to ${normalizeEmail(to)} in the outbox` : 'the outbox is empty');
  return done(mails.map(describeMail).join('\n\n'));
}

async function listingHistoryCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { values, positionals } = parse(args, { limit: { type: 'string' } });
  const slug = onePositional(positionals, '<slug>');
  if (!SLUG_PATTERN.test(slug)) throw new UsageError(`"${slug}" is not a listing slug`);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer 1-1000');
  const versions = await listingHistory(deps.db, slug, limit);
  if (!versions) return failed(`no listing has the slug ${slug}`);
  if (versions.length === 0) return done(`${slug} has not been changed since it was saved`);
  return done(versions.map(describeVersion).join('\n\n'));
}

async function setPriceCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals } = parse(args, {});
  if (positionals.length !== 2) throw new UsageError('set-price takes <product> <cents>');
  const [product, raw] = positionals;
  const cents = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(cents) || cents > 100_000_000)
    throw new UsageError(`"${raw}" is not a price in cents (a whole number, e.g. 4900 for $49.00)`);
  if (!(await setPrice(deps.db, { actor: COMMAND_LINE, productId: product, cents, now: deps.now() })))
    return failed(`no product "${product}"; list_products names them`);
  return done(`${product} now costs ${cents} cents ($${(cents / 100).toFixed(2)}) excluding VAT`);
}

async function setVatCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals, values } = parse(args, { eu: { type: 'boolean' }, 'not-eu': { type: 'boolean' } });
  if (positionals.length !== 2) throw new UsageError('set-vat takes <country> <percent>');
  const [rawCountry, rawPercent] = positionals;
  const country = rawCountry.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new UsageError(`"${rawCountry}" is not a two-letter country code`);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(rawPercent) || Number(rawPercent) > 100)
    throw new UsageError(`"${rawPercent}" is not a percentage from 0 to 100 (at most two decimals, e.g. 25.5)`);
  if (values.eu && values['not-eu']) throw new UsageError('give --eu or --not-eu, not both');
  const basisPoints = Math.round(Number(rawPercent) * 100);
  const eu = values.eu ? true : values['not-eu'] ? false : undefined;
  const { outcome } = await setVatRate(deps.db, { actor: COMMAND_LINE, country, basisPoints, eu, now: deps.now() });
  return done(`${country} VAT ${outcome === 'added' ? 'added' : 'set'}: ${basisPoints / 100}%`);
}

async function verifyRevenueCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals, values } = parse(args, { source: { type: 'string' }, date: { type: 'string' } });
  if (positionals.length !== 2) throw new UsageError('verify-revenue takes <slug> <mrr-cents> --source <name>');
  const [slug, raw] = positionals;
  if (!SLUG_PATTERN.test(slug)) throw new UsageError(`"${slug}" is not a listing slug`);
  const cents = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(cents))
    throw new UsageError(`"${raw}" is not an amount in cents (a whole number, e.g. 1250000 for $12,500.00 a month)`);
  const source = ((values.source as string | undefined) ?? '').trim();
  if (source.length === 0 || source.length > MAX_REVENUE_SOURCE_LENGTH)
    throw new UsageError(`--source must name where the figure was verified (1 to ${MAX_REVENUE_SOURCE_LENGTH} characters)`);
  const verifiedAt = values.date === undefined ? deps.now() : parseDay(values.date as string, deps.now());
  const recorded = await recordVerifiedRevenue(deps.db, { slug, mrrCents: cents, source, verifiedAt });
  if (!recorded) return failed(`no listing has the slug ${slug}`);
  const shown =
    recorded.status === 'live'
      ? 'the revenue board shows it'
      : `the revenue board shows it once the listing is live (it is ${recorded.status})`;
  return done(
    `${recorded.name}: $${(cents / 100).toFixed(2)} a month verified from ${source} as of ${verifiedAt.toISOString().slice(0, 10)}; ${shown}`,
  );
}

function parseDay(text: string, now: Date): Date {
  const day = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw new UsageError(`--date must be a calendar date YYYY-MM-DD, got "${text}"`);
  if (day.getTime() > now.getTime())
    throw new UsageError(`--date ${text} is in the future: a figure is verified as of a day that has come`);
  return day;
}

async function jobsCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals } = parse(args, {});
  if (positionals.length > 0) throw new UsageError(`jobs takes no argument "${positionals[0]}"`);
  const statuses = await recurringJobStatus(deps.db, deps.recurring, deps.now());
  return done(statuses.map(describeJobStatus).join('\n\n'));
}

async function runJobCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals } = parse(args, {});
  const name = onePositional(positionals, '<name>');
  const job = deps.recurring.find((candidate) => candidate.name === name);
  if (!job) throw new UsageError(`no recurring job "${name}"; the jobs are ${deps.recurring.map((j) => j.name).join(', ')}`);
  try {
    return done(describeRun(await runJobNow(deps, job, deps.now())));
  } catch (error) {
    if (error instanceof JobAlreadyRunningError) return failed(`${error.message}; try again when it has finished`);
    return failed(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function rotateAwardKeyCommand(deps: AdminDeps, args: string[]): Promise<AdminResult> {
  const { positionals } = parse(args, {});
  if (positionals.length > 0) throw new UsageError(`rotate-award-key takes no argument "${positionals[0]}"`);
  const { kid, published } = await rotateAwardKey(deps.db, deps.now());
  return done(
    `award proofs are signed with key ${kid} from now on (within a minute on every instance); ${published} keys are published at /.well-known/jwks.json`,
  );
}

function describeRun(run: JobRunRecord): string {
  const state = run.finishedAt ? `${run.outcome} ${run.finishedAt}` : 'running';
  return `${run.name} ${run.period} (${run.trigger}, started ${run.startedAt}): ${state}${run.summary ? `\n  ${run.summary}` : ''}`;
}

function describeJobStatus(status: RecurringJobStatus): string {
  return [
    `${status.name} (${status.cadence}): ${status.description}`,
    `  last run: ${status.lastRun ? describeRun(status.lastRun).replace(/\n {2}/, '\n    ') : 'never'}`,
    `  next run: ${status.nextRunAt.toISOString()}`,
  ].join('\n');
}

function describeVersion(version: VersionEntry): string {
  const fields = Object.entries(version.changes).map(
    ([field, { before, after }]) => `  ${field}\n    before: ${JSON.stringify(before)}\n    after:  ${JSON.stringify(after)}`,
  );
  return [`${version.at} ${version.operation} by ${version.by ?? 'the service'}`, ...fields].join('\n');
}

function describeMail(mail: OutboxEntry): string {
  const status = mail.error ? `delivery failed: ${mail.error}` : mail.sentAt ? `sent ${mail.sentAt}` : 'not sent (no SMTP)';
  const body = mail.text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `${mail.createdAt} to ${mail.to} (${status})\nSubject: ${mail.subject}\n${body}`;
}

function parseScopes(list: string): Scope[] {
  const scopes = [
    ...new Set(
      list
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean),
    ),
  ];
  if (scopes.length === 0) throw new UsageError('--scopes names no scope');
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) throw new UsageError(`unknown scope ${unknown.join(', ')}; the scopes are ${SCOPE_NAMES.join(', ')}`);
  return scopes as Scope[];
}

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function onePositional(positionals: string[], what: string): string {
  if (positionals.length === 0) throw new UsageError(`missing ${what}`);
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  return positionals[0];
}
