/** Typed errors that every surface (REST, MCP) turns into the same problem details (RFC 9457). */

export interface ProblemFieldError {
  path: string;
  message: string;
}

export interface ProblemInit {
  status: number;
  code: string;
  title: string;
  detail?: string;
  errors?: ProblemFieldError[];
  headers?: Record<string, string>;
  /** Extension members of the problem (RFC 9457 section 3.2), such as `suggestions`. */
  members?: Record<string, unknown>;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: ProblemFieldError[];
  readonly headers: Record<string, string>;
  readonly members?: Record<string, unknown>;

  constructor(init: ProblemInit) {
    super(init.detail ?? init.title);
    this.name = 'ProblemError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
    this.members = init.members;
  }
}

export class ValidationError extends ProblemError {
  constructor(errors: ProblemFieldError[], detail = 'The request has invalid fields; see errors.') {
    super({ status: 400, code: 'validation_failed', title: 'Invalid request', detail, errors });
  }
}

export class NotFoundError extends ProblemError {
  /** `hint` tells the caller what does exist, e.g. the valid names; `members` extend the problem (e.g. suggestions). */
  constructor(what: string, id: string | number, hint?: string, members?: Record<string, unknown>) {
    super({ status: 404, code: 'not_found', title: 'Not found', detail: `No ${what} "${id}" exists.${hint ? ` ${hint}` : ''}`, members });
  }
}

export class InvalidStateError extends ProblemError {
  /** `errors`: the paths of the stored record that stand in the way, when there are such. */
  constructor(detail: string, errors?: ProblemFieldError[]) {
    super({ status: 409, code: 'invalid_state', title: 'Not allowed in the current state', detail, errors });
  }
}

export class RateLimitedError extends ProblemError {
  /** `headers`: more to send, such as the RateLimit fields of the quota that was met. */
  constructor(retryAfterSeconds: number, detail: string, headers: Record<string, string> = {}) {
    super({
      status: 429,
      code: 'rate_limited',
      title: 'Too many requests',
      detail: `${detail} Try again in ${retryAfterSeconds} seconds.`,
      headers: { ...headers, 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

export class IdempotencyInProgressError extends ProblemError {
  constructor() {
    super({
      status: 409,
      code: 'idempotency_in_progress',
      title: 'Request with this Idempotency-Key is still running',
      detail: 'A request with the same Idempotency-Key is still running. Retry after it has finished to receive its answer.',
      headers: { 'Retry-After': '1' },
    });
  }
}

export class IdempotencyKeyReusedError extends ProblemError {
  constructor() {
    super({
      status: 422,
      code: 'idempotency_key_reused',
      title: 'Idempotency-Key reused with a different request',
      detail: 'This Idempotency-Key was already used with a different request in the last 24 hours. Use a new key for a new request.',
    });
  }
}

/** What a caller without a credential must do next. */
function signInNeeded(scopes: readonly string[]): string {
  const scope = scopes.length > 0 ? ` with the scope ${scopes.join(' and ')}` : '';
  return (
    `This operation needs a signed-in caller${scope}: send Authorization: Bearer <API key or access token>. ` +
    'A person makes an API key on the account page of the site (/account/api-keys); an MCP client signs the person in ' +
    'with OAuth, starting from the resource metadata the WWW-Authenticate header names.'
  );
}

export class UnauthorizedError extends ProblemError {
  /** A credential was sent but is not valid (RFC 6750 error="invalid_token"), as opposed to none sent. */
  readonly invalidToken: boolean;
  /** The scopes the refused operation needs (named in the challenge), when one was refused. */
  readonly scopes: readonly string[];
  constructor(detail?: string, invalidToken = false, scopes: readonly string[] = []) {
    super({ status: 401, code: 'unauthorized', title: 'Sign-in required', detail: detail ?? signInNeeded(scopes) });
    this.invalidToken = invalidToken;
    this.scopes = scopes;
  }
}

export class InsufficientScopeError extends ProblemError {
  readonly scopes: readonly string[];
  constructor(scopes: readonly string[]) {
    super({
      status: 403,
      code: 'insufficient_scope',
      title: 'Missing scope',
      detail:
        `The credential lacks the scope this operation needs: ${scopes.join(' ')}. Ask the person for one that has it: ` +
        'an API key made with that scope on the account page (/account/api-keys), or a new sign-in asking for it (the ' +
        'WWW-Authenticate header names the scope).',
    });
    this.scopes = scopes;
  }
}

/**
 * The credential carries the admin scope, but the account's staff role (as it is now) does not allow the operation:
 * a step-up cannot help, so this is not insufficient_scope.
 */
export class InsufficientRoleError extends ProblemError {
  constructor(needed: string, role: string | null) {
    super({
      status: 403,
      code: 'insufficient_role',
      title: 'Not allowed for this staff role',
      detail:
        `This operation is for the site team's ${needed === 'admin' ? 'admins' : `${needed}s and admins`}; the account ` +
        `${role ? `has the role ${role}` : 'has no staff role'}. An admin gives roles on /admin/staff (or on the server: npm run admin -- set-role).`,
    });
  }
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
  errors?: ProblemFieldError[];
  request_id: string;
  /** Extension members (ProblemInit.members). */
  [member: string]: unknown;
}

/** The problem `type` URI of a code: a page of the service that explains it. */
export function problemType(publicUrl: string, code: string): string {
  return `${publicUrl}/problems/${code}`;
}

export function toProblem(error: unknown, requestId: string, publicUrl: string): { problem: Problem; headers: Record<string, string> } {
  if (error instanceof ProblemError) {
    return {
      problem: {
        type: problemType(publicUrl, error.code),
        title: error.title,
        status: error.status,
        ...(error.detail !== undefined && { detail: error.detail }),
        code: error.code,
        ...(error.errors && { errors: error.errors }),
        ...error.members,
        request_id: requestId,
      },
      headers: error.headers,
    };
  }
  return {
    problem: {
      type: problemType(publicUrl, 'internal_error'),
      title: 'Internal error',
      status: 500,
      detail: 'Something went wrong on our side. Retry later; quote the request_id if it persists.',
      code: 'internal_error',
      request_id: requestId,
    },
    headers: {},
  };
}
