// The database-bound baseline: a bare Koa route that looks up one listing row by slug with one prepared
// PostgreSQL statement (a pool of 10 like the service's) and answers it as JSON. GET /listings/{slug}.
import Koa from 'koa';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const LOOKUP = { name: 'listing_by_slug', text: 'SELECT id, slug, name, tagline, votes_count FROM listings WHERE slug = $1' };

const koa = new Koa();
koa.use(async (ctx) => {
  const slug = ctx.path.startsWith('/listings/') ? ctx.path.slice('/listings/'.length) : '';
  const { rows } = await pool.query({ ...LOOKUP, values: [slug] });
  if (!rows[0]) ctx.status = 404;
  ctx.body = rows[0] ?? { slug, found: false };
});
const port = Number(process.env.PORT ?? 3996);
koa.listen(port, '127.0.0.1', () => console.log(`bare koa with a look-up on ${port}`));
