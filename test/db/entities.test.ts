import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ISchemaGenerator } from '@mikro-orm/core';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import {
  Alternative,
  Award,
  BlogPost,
  Category,
  entities,
  Founder,
  Listing,
  ListingCategory,
  ListingFaq,
  ListingFounder,
  ListingView,
  Product,
  Story,
  VerifiedRevenue,
  Vote,
} from '../../src/db/entities/index.js';

describe('entities', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop?.();
  });

  it('map every table of the migration', async () => {
    // Tables the ORM is told to skip belong to the migrator (mikro_orm_migrations) or a library (agenda_jobs).
    const skipped = (db.em().config.get('schemaGenerator').skipTables ?? []).filter((t): t is string => typeof t === 'string');
    expect(skipped).toContain('mikro_orm_migrations');
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> ALL($1::text[])
       ORDER BY table_name`,
      [skipped],
    );
    const metadata = db.em().getMetadata();
    const mapped = entities.map((entity) => metadata.get(entity.meta.class).tableName).sort();
    expect(tables.map((t) => t.table_name)).toEqual(mapped);
    expect(new Set(mapped).size).toBe(entities.length);
  });

  it('match the migrated schema exactly (the schema generator wants no change)', async () => {
    const em = db.em();
    // Database does not expose its MikroORM instance; the generator can be built from an entity manager.
    const generator = em.getPlatform().getSchemaGenerator(em.getDriver(), em) as ISchemaGenerator;
    const diff = await generator.getUpdateSchemaSQL({ wrap: false });
    const statements = diff
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    // The migrator's table and iso_time() belong to the SQL migrations; the ORM is told to leave them alone.
    expect(statements).toEqual([]);
  });

  it('round-trip the domain model', async () => {
    // Written through the one transaction API; read back with a fresh EntityManager.
    const { listing, devtools } = await db.transaction(async ({ em }) => {
      const software = em.create(Category, {
        slug: 'software',
        name: 'Software',
        faqs: [{ question: 'What is software?', answer: 'Programs.' }],
        attributes: ['pricing', 'platforms'],
      });
      const devtools = em.create(Category, { slug: 'developer-tools', name: 'Developer tools', parent: software, position: 2 });
      const ai = em.create(Category, { slug: 'ai', name: 'AI', parent: software, position: 1 });
      const listing = em.create(Listing, {
        slug: 'acme',
        name: 'Acme',
        url: 'https://acme.example',
        domain: 'acme.example',
        tagline: 'Rockets for coyotes',
        keywords: ['rockets', 'anvils'],
        features: ['Fast', 'Loud, "really"', 'with {braces}'],
        socials: { x: 'https://x.com/acme', website: 'https://acme.example' },
        attributes: { pricing: 'Free tier', platforms: ['web', 'ios'] },
        status: 'live',
        plan: 'paid',
        country: 'US',
        launchWeek: '2026-11-02',
        launchedAt: new Date('2026-11-02T09:30:00.123Z'),
        primaryCategory: devtools,
      });
      em.create(ListingCategory, { listing, category: devtools, isPrimary: true });
      em.create(ListingCategory, { listing, category: ai });
      const founder = em.create(Founder, {
        slug: 'wile-e',
        name: 'Wile E. Coyote',
        country: 'US',
        socials: { linkedin: 'https://l.example/w' },
      });
      em.create(ListingFounder, { listing, founder, role: 'CEO' });
      em.create(ListingFaq, { listing, question: 'Does it work?', answer: 'Mostly.', position: 1 });
      em.create(Story, { listing, founder, title: 'Why', whyStarted: 'Hunger' });
      const other = em.create(Listing, {
        slug: 'roadrunner-inc',
        name: 'Roadrunner',
        url: 'https://rr.example',
        domain: 'rr.example',
        primaryCategory: ai,
      });
      em.create(Alternative, { listing, alternative: other, approved: true });
      em.create(Vote, { listing, voterKey: 'device:1' });
      em.create(ListingView, { listing, day: '2026-11-03', views: 7 });
      em.create(Product, {
        id: 'featured-week',
        name: 'Featured week',
        description: 'One week on top',
        priceCents: 4900,
        needsListing: true,
      });
      em.create(BlogPost, {
        slug: 'hello',
        title: 'Hello',
        bodyMarkdown: '# Hello',
        authorName: 'Editor',
        tags: ['news'],
        faqs: [{ question: 'Q', answer: 'A' }],
        publishedAt: new Date('2026-10-01T00:00:00.000Z'),
      });
      em.create(Award, { week: '2026-10-26', rank: 1, listing, votes: 42 });
      em.create(VerifiedRevenue, {
        listing,
        mrrCents: 12_345_678_901, // beyond 32 bits
        source: 'stripe',
        verifiedAt: new Date('2026-11-01T12:00:00Z'),
      });
      await em.flush();
      return { listing, devtools };
    });

    // DB defaults come back after the insert.
    expect(listing.id).toBeTypeOf('number');
    expect(listing.createdAt).toBeInstanceOf(Date);
    expect(listing.votesCount).toBe(0);
    expect(listing.usps).toEqual([]);
    expect(devtools.description).toBe('');
    expect(devtools.faqs).toEqual([]);
    const em = db.em();

    const loaded = await em.findOneOrFail(
      Listing,
      { slug: 'acme' },
      { populate: ['primaryCategory.parent', 'categoryLinks.category', 'founderLinks.founder', 'faqs', 'alternatives.alternative'] },
    );
    expect(loaded).toMatchObject({
      name: 'Acme',
      tagline: 'Rockets for coyotes',
      shortDescription: '',
      logoUrl: null,
      keywords: ['rockets', 'anvils'],
      features: ['Fast', 'Loud, "really"', 'with {braces}'],
      tags: [],
      socials: { x: 'https://x.com/acme', website: 'https://acme.example' },
      attributes: { pricing: 'Free tier', platforms: ['web', 'ios'] },
      status: 'live',
      plan: 'paid',
      country: 'US',
      launchWeek: '2026-11-02',
      votesCount: 0,
    });
    expect(loaded.launchedAt).toEqual(new Date('2026-11-02T09:30:00.123Z'));
    expect(loaded.createdAt).toBeInstanceOf(Date);
    expect(loaded.updatedAt).toBeInstanceOf(Date);
    expect(loaded.primaryCategory.$.slug).toBe('developer-tools');
    expect(loaded.primaryCategory.$.parent?.$.slug).toBe('software');
    expect(
      loaded.categoryLinks
        .getItems()
        .map((link) => [link.category.getEntity().slug, link.isPrimary])
        .sort(),
    ).toEqual([
      ['ai', false],
      ['developer-tools', true],
    ]);
    expect(loaded.founderLinks.getItems().map((link) => [link.founder.getEntity().name, link.role, link.position])).toEqual([
      ['Wile E. Coyote', 'CEO', 0],
    ]);
    expect(loaded.faqs.getItems().map((faq) => [faq.question, faq.answer, faq.position])).toEqual([['Does it work?', 'Mostly.', 1]]);
    expect(loaded.alternatives.getItems().map((a) => [a.alternative.getEntity().slug, a.approved])).toEqual([['roadrunner-inc', true]]);

    // The search vector is written by the trigger, not by MikroORM, and is not loaded unless asked for.
    expect(loaded.searchVector).toBeUndefined();
    const [{ hits }] = await db.query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM listings WHERE search_vector @@ to_tsquery('english', 'anvils')`,
    );
    expect(hits).toBe(1);
    // The vector holds English stems (migration 0033): "anvils" is kept as "anvil".
    expect((await em.find(Listing, { searchVector: { $fulltext: 'anvil' } })).map((l) => l.slug)).toEqual(['acme']);

    const tree = await em.findOneOrFail(
      Category,
      { slug: 'software' },
      { populate: ['children'], orderBy: { children: { position: 'asc' } } },
    );
    expect(tree.parent).toBeNull();
    expect(tree.faqs).toEqual([{ question: 'What is software?', answer: 'Programs.' }]);
    expect(tree.attributes).toEqual(['pricing', 'platforms']);
    expect(tree.children.getItems().map((c) => c.slug)).toEqual(['ai', 'developer-tools']);

    const wile = await em.findOneOrFail(Founder, { slug: 'wile-e' }, { populate: ['listingLinks.listing', 'stories'] });
    expect(wile.bio).toBe('');
    expect(wile.socials).toEqual({ linkedin: 'https://l.example/w' });
    expect(wile.listingLinks.getItems().map((link) => link.listing.getEntity().slug)).toEqual(['acme']);
    expect(wile.stories.getItems().map((s) => [s.title, s.whyStarted, s.story])).toEqual([['Why', 'Hunger', null]]);

    const vote = await em.findOneOrFail(Vote, { listing: { slug: 'acme' }, voterKey: 'device:1' });
    expect(vote.id).toBeTypeOf('number');
    expect(vote.createdAt).toBeInstanceOf(Date);

    const view = await em.findOneOrFail(ListingView, { listing: loaded.id, day: '2026-11-03' });
    expect(view.views).toBe(7);

    const product = await em.findOneOrFail(Product, 'featured-week');
    expect(product).toMatchObject({ name: 'Featured week', priceCents: 4900, needsListing: true, active: true, position: 0 });
    expect(product.updatedAt).toBeInstanceOf(Date);

    const post = await em.findOneOrFail(BlogPost, { slug: 'hello' });
    expect(post).toMatchObject({ status: 'published', excerpt: '', tags: ['news'], faqs: [{ question: 'Q', answer: 'A' }] });
    expect(post.publishedAt).toEqual(new Date('2026-10-01T00:00:00.000Z'));

    const award = await em.findOneOrFail(Award, { week: '2026-10-26', rank: 1 }, { populate: ['listing'] });
    expect(award.votes).toBe(42);
    expect(award.week).toBe('2026-10-26');
    expect(award.listing.$.slug).toBe('acme');

    const revenue = await em.findOneOrFail(VerifiedRevenue, { listing: loaded.id });
    expect(revenue.mrrCents).toBe(12_345_678_901);
    expect(revenue.verifiedAt).toEqual(new Date('2026-11-01T12:00:00Z'));

    // Nothing loaded looks changed to the unit of work (no spurious updates from dates, arrays or jsonb).
    const uow = em.getUnitOfWork();
    uow.computeChangeSets();
    expect(uow.getChangeSets().map((cs) => `${cs.meta.className} ${JSON.stringify(cs.payload)}`)).toEqual([]);

    // An update goes through the unit of work and bumps updated_at; the trigger refreshes the search vector.
    const before = post.updatedAt;
    const updated = await db.transaction(async (tx) => {
      const editing = await tx.em.findOneOrFail(BlogPost, { slug: 'hello' });
      const acme = await tx.em.findOneOrFail(Listing, { slug: 'acme' });
      editing.title = 'Hello again';
      acme.keywords = [...acme.keywords, 'dynamite'];
      return editing;
    });
    expect(updated.title).toBe('Hello again');
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    const [{ hits: dynamite }] = await db.query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM listings WHERE search_vector @@ to_tsquery('english', 'dynamite')`,
    );
    expect(dynamite).toBe(1);
  });
});
