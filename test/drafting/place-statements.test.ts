import { beforeAll, describe, expect, it } from 'vitest';
import { countryCode, verifyProposal } from '../../src/drafting/evidence.js';
import { loadGazetteer } from '../../src/drafting/gazetteer.js';
import { addressPlace, placesIn } from '../../src/drafting/place-statements.js';
import { crawledPage } from './pages.js';

describe('places a page states', () => {
  it('reads "made in", "based in" and labelled headquarters, each with its verbatim text', () => {
    expect(placesIn('Made in Ljubljana')).toEqual([{ quote: 'Made in Ljubljana', city: 'Ljubljana' }]);
    expect(placesIn('Proudly made in Lyon, France.')).toEqual([{ quote: 'made in Lyon, France', city: 'Lyon', country: 'FR' }]);
    expect(placesIn('Made in Germany')).toEqual([{ quote: 'Made in Germany', country: 'DE' }]);
    expect(placesIn('HQ: Austin, TX, USA')).toEqual([{ quote: 'HQ: Austin, TX, USA', city: 'Austin', country: 'US' }]);
    expect(placesIn('Acme Ltd · Registered office: 20 Market Street, London EC2A 4NE, United Kingdom · Company no. 1')).toEqual([
      { quote: 'Registered office: 20 Market Street, London EC2A 4NE, United Kingdom', city: 'London', country: 'GB' },
    ]);
  });

  it('reads the city and country of a postal address', () => {
    expect(addressPlace('Minutely d.o.o. Trubarjeva cesta 12 1000 Ljubljana, Slovenia')).toMatchObject({
      city: 'Ljubljana',
      country: 'SI',
    });
    expect(addressPlace('Glyphbox Pty Ltd, Level 2, 45 Flinders Lane, Melbourne VIC 3000, Australia')).toMatchObject({
      city: 'Melbourne',
      country: 'AU',
    });
    expect(addressPlace('500 Howard Street, San Francisco, CA 94105, USA')).toMatchObject({ city: 'San Francisco', country: 'US' });
  });

  it('takes no region for a city, and no city from a sentence that does not place the company', () => {
    expect(placesIn('Made with ♥ in Europe by volunteers.')).toEqual([]);
    expect(placesIn('Proudly made in California')).toEqual([]);
    expect(placesIn('Our contributors live everywhere from Berlin to Tokyo and São Paulo.')).toEqual([]);
    expect(placesIn('The CRM our team in Manchester actually opens every morning.')).toEqual([]);
    // Numbers and a country, but no address: no country either.
    expect(placesIn('We serve 5,000 customers in Paris, France')).toEqual([]);
  });

  it('codes the United Kingdom as GB; UK is no ISO code, so the evidence check refuses it', () => {
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('UK')).toBe('GB');
    const page = crawledPage('https://uk.example/', '<p>Based in London, United Kingdom.</p>');
    const quote = { quote: 'Based in London, United Kingdom', url: page.url };
    const verified = verifyProposal({ fields: { country: { value: 'UK', evidence: [quote] } }, faqs: [], founders: [], socials: {} }, [
      page,
    ]);
    expect(verified.proposal.fields.country).toBeUndefined();
    expect(verified.dropped).toEqual([{ what: 'fields.country', reason: 'country is not an ISO 3166 alpha-2 code' }]);
  });
});

describe('places the gazetteer confirms', () => {
  beforeAll(async () => {
    await loadGazetteer();
  }, 30_000);

  it('reads a company "in" or "from" a city of a stated country', () => {
    expect(
      placesIn('Crateforge GmbH is an independent company in Hamburg, Germany, building developer tools since 2019.', false, [
        'Crateforge',
      ]),
    ).toEqual([{ quote: 'Crateforge GmbH is an independent company in Hamburg, Germany', city: 'Hamburg', country: 'DE' }]);
    expect(placesIn('We are a small team from Utrecht in the Netherlands.')).toEqual([
      { quote: 'We are a small team from Utrecht in the Netherlands', city: 'Utrecht', country: 'NL' },
    ]);
    expect(placesIn('Our office is in Lisbon, Portugal.')).toEqual([
      { quote: 'Our office is in Lisbon, Portugal', city: 'Lisbon', country: 'PT' },
    ]);
    expect(placesIn('Tallyboard is a tiny studio in Melbourne, Australia.', false, ['Tallyboard'])).toMatchObject([
      { city: 'Melbourne', country: 'AU' },
    ]);
  });

  it('reads "HQ:", "based in" and "Made in" with a city and its country', () => {
    expect(placesIn('HQ: Lisbon, Portugal')).toEqual([{ quote: 'HQ: Lisbon, Portugal', city: 'Lisbon', country: 'PT' }]);
    expect(placesIn('We are based in Melbourne, Australia.')).toEqual([
      { quote: 'based in Melbourne, Australia', city: 'Melbourne', country: 'AU' },
    ]);
    expect(placesIn('Made in Montréal, Canada')).toEqual([{ quote: 'Made in Montréal, Canada', city: 'Montréal', country: 'CA' }]);
  });

  it('takes a US state after a city for the US', () => {
    expect(placesIn('Pixelmill was founded in 2018 in Austin, Texas.')).toEqual([
      { quote: 'founded in 2018 in Austin, Texas', city: 'Austin', country: 'US' },
    ]);
    expect(placesIn('Proudly based in Austin, TX.')).toEqual([{ quote: 'based in Austin, TX', city: 'Austin', country: 'US' }]);
    expect(placesIn('HQ: Austin, TX')).toEqual([{ quote: 'HQ: Austin, TX', city: 'Austin', country: 'US' }]);
    expect(placesIn('Based in Atlanta, Georgia.')).toEqual([{ quote: 'Based in Atlanta, Georgia', city: 'Atlanta', country: 'US' }]);
    expect(placesIn('Based in Tbilisi, Georgia.')).toEqual([{ quote: 'Based in Tbilisi, Georgia', city: 'Tbilisi', country: 'GE' }]);
    expect(addressPlace('500 Howard Street, San Francisco, CA')).toMatchObject({ city: 'San Francisco', country: 'US' });
  });

  it('refuses a testimonial, a customer and a city the stated country does not have', () => {
    expect(placesIn('Maria from Berlin says Crateforge saved her team a week.')).toEqual([]);
    expect(placesIn('“We are a small agency in Berlin, Germany,” says Maria.')).toEqual([]);
    expect(placesIn('We are trusted by customers in Paris, France.')).toEqual([]);
    expect(placesIn('Acme GmbH is a company in Hamburg, France.')).toEqual([]);
    expect(placesIn('Maria is a designer in Berlin, Germany.')).toEqual([]);
    expect(placesIn('Our conference is in Lisbon, Portugal this year.')).toEqual([]);
  });
});
