/**
 * Domains whose addresses anyone can get: an address there proves nothing about owning a product, so an e-mail
 * claim of a listing on such a domain is refused (dns, meta and file still work).
 */
const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'zohomail.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'seznam.cz',
  'libero.it',
  'orange.fr',
]);

/** Why e-mail cannot prove control of `domain`, or undefined when it can. */
export function freeMailProblem(domain: string): string | undefined {
  if (!FREE_MAIL_DOMAINS.has(domain)) return undefined;
  return `Addresses at ${domain} are given to anyone, so one proves nothing about this listing: claim by dns, meta or file instead`;
}
