/**
 * Throwaway e-mail domains, refused at sign-up: a ring of accounts needs many addresses, and throwaway inboxes make
 * them free. The list is a maintained package's (mailchecker, thousands of domains, updated upstream) rather than
 * one written here; the site settings add domains (email_domains.blocked) and exempt some (email_domains.allowed).
 * A subdomain of a listed domain is listed too. The most specific listed domain decides, so an allowed
 * "team.mail.example" is accepted under a blocked "mail.example"; at one level, allowed wins.
 */
import mailchecker from 'mailchecker';

export interface EmailDomainRules {
  blocked: readonly string[];
  allowed: readonly string[];
}

const maintained = mailchecker.blacklist();

const normalDomain = (domain: string) =>
  domain
    .trim()
    .toLowerCase()
    .replace(/^[@.]+/, '')
    .replace(/\.+$/, '');

/** The domain and each parent domain, most specific first ("a.b.example", "b.example", "example"). */
function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter(Boolean);
}

/** Whether `email`'s domain (or a parent domain) is a throwaway one, by the maintained list and the site's rules. */
export function isThrowawayEmail(email: string, rules: EmailDomainRules): boolean {
  const domain = normalDomain(email.slice(email.lastIndexOf('@') + 1));
  const allowed = new Set(rules.allowed.map(normalDomain));
  const blocked = new Set(rules.blocked.map(normalDomain));
  for (const candidate of domainAndParents(domain)) {
    if (allowed.has(candidate)) return false;
    if (blocked.has(candidate) || maintained.has(candidate)) return true;
  }
  return false;
}
