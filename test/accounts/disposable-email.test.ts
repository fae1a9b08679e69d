import { describe, expect, it } from 'vitest';
import { isThrowawayEmail } from '../../src/accounts/disposable-email.js';

/** Throwaway e-mail domains: the maintained list (mailchecker), the settings' additions and exceptions. */
const none = { blocked: [], allowed: [] };

describe('isThrowawayEmail', () => {
  it('finds the maintained list’s domains and their subdomains, in any case', () => {
    expect(isThrowawayEmail('someone@mailinator.com', none)).toBe(true);
    expect(isThrowawayEmail('someone@MAILINATOR.COM', none)).toBe(true);
    expect(isThrowawayEmail('someone@deep.sub.mailinator.com', none)).toBe(true);
    expect(isThrowawayEmail('someone@guerrillamail.com', none)).toBe(true);
  });

  it('leaves ordinary domains and look-alikes alone', () => {
    expect(isThrowawayEmail('someone@gmail.com', none)).toBe(false);
    expect(isThrowawayEmail('someone@example.com', none)).toBe(false);
    expect(isThrowawayEmail('someone@my-mailinator.example', none)).toBe(false);
    expect(isThrowawayEmail('someone@mailinator.com.example.org', none)).toBe(false);
  });

  it('refuses the domains the settings block, with their subdomains', () => {
    const rules = { blocked: ['ring.example'], allowed: [] };
    expect(isThrowawayEmail('a@ring.example', rules)).toBe(true);
    expect(isThrowawayEmail('a@mx.RING.example', rules)).toBe(true);
    expect(isThrowawayEmail('a@notring.example', rules)).toBe(false);
  });

  it('exempts allowed domains; the most specific listed domain decides', () => {
    expect(isThrowawayEmail('a@mailinator.com', { blocked: [], allowed: ['mailinator.com'] })).toBe(false);
    const rules = { blocked: ['ring.example'], allowed: ['team.ring.example'] };
    expect(isThrowawayEmail('a@team.ring.example', rules)).toBe(false);
    expect(isThrowawayEmail('a@x.team.ring.example', rules)).toBe(false);
    expect(isThrowawayEmail('a@other.ring.example', rules)).toBe(true);
    expect(isThrowawayEmail('a@ring.example', { blocked: ['ring.example'], allowed: ['ring.example'] })).toBe(false);
  });
});
