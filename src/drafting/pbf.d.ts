/** pbf 3 ships no types; src/drafting/gazetteer.ts types the few methods it calls. */
declare module 'pbf';
