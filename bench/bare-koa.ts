// The baseline: a bare Koa route answering a small JSON object, in its own process like the service.
import Koa from 'koa';

const koa = new Koa();
koa.use((ctx) => {
  ctx.body = { id: 1, slug: 'baseline', name: 'Baseline', votes: 42 };
});
const port = Number(process.env.PORT ?? 3999);
koa.listen(port, '127.0.0.1', () => console.log(`bare koa on ${port}`));
