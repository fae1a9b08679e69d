import type { CorpusSite } from '../../corpus/types.js';

/** A task board from Graz, Austria, written in German: euro prices written "6 €", a founder in a sentence and in the Impressum, customers' cities beside its own. */
const seite = (title: string, body: string): string => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="Stapelwerk ist das Aufgabenboard für kleine Teams: Kanban, wiederkehrende Aufgaben und Zeiterfassung in einem.">
<meta property="og:image" content="https://stapelwerk.example/og/teilen.jpg">
</head>
<body>
<header><a href="/"><img class="logo" src="/bilder/stapelwerk-logo.png" alt="Stapelwerk"></a>
<nav><a href="/funktionen">Funktionen</a> <a href="/preise">Preise</a> <a href="/ueber-uns">Über uns</a> <a href="/fragen">Fragen</a> <a href="/impressum">Impressum</a></nav></header>
${body}
<footer>
<p>© 2019–2026 Stapelwerk GmbH · <a href="mailto:hallo@stapelwerk.example">hallo@stapelwerk.example</a></p>
<p><a href="https://at.linkedin.com/company/stapelwerk">LinkedIn</a> · <a href="https://www.instagram.com/stapelwerk.app">Instagram</a> · <a href="https://www.youtube.com/@stapelwerk">YouTube</a></p>
</footer>
</body>
</html>`;

export const stapelwerk: CorpusSite = {
  host: 'stapelwerk.example',
  pages: {
    '/': seite(
      'Stapelwerk – Aufgaben im Griff, ohne Schnickschnack',
      `<main>
<h1>Aufgaben im Griff. Ohne Schnickschnack.</h1>
<p>Stapelwerk ist das Aufgabenboard für kleine Teams: Karten anlegen, zuweisen, abhaken. Mehr braucht es meistens nicht.</p>
<p>Über 4.000 Teams arbeiten mit Stapelwerk – Agenturen in Wien, Handwerksbetriebe in München und Vereine in Zürich.</p>
<blockquote>„Endlich sieht jeder im Büro, was als Nächstes dran ist.“ – Martin Egger, Tischlerei Egger, Linz</blockquote>
</main>`,
    ),
    '/funktionen': seite(
      'Funktionen – Stapelwerk',
      `<main>
<h1>Funktionen</h1>
<section><h2>Kanban-Boards</h2><p>Spalten nach Ihrem Ablauf, Karten per Drag &amp; Drop.</p></section>
<section><h2>Wiederkehrende Aufgaben</h2><p>Monatsabschluss, Wartung, Wochenplanung: einmal anlegen, automatisch wiederholen.</p></section>
<section><h2>Zeiterfassung</h2><p>Start, Stopp, fertig – direkt auf der Karte.</p></section>
<section><h2>Gantt-Ansicht</h2><p>Termine und Abhängigkeiten auf einen Blick.</p></section>
</main>`,
    ),
    '/preise': seite(
      'Preise – Stapelwerk',
      `<main>
<h1>Preise</h1>
<p>Alle Preise netto, zzgl. USt. Monatlich kündbar.</p>
<div class="tarife">
<div class="tarif"><h2>Kostenlos</h2><p class="preis">0 €</p><p>Bis zu 5 Personen, 3 Boards</p></div>
<div class="tarif"><h2>Plus</h2><p class="preis">6 € pro Person und Monat</p><p>Unbegrenzte Boards, Zeiterfassung</p></div>
<div class="tarif"><h2>Business</h2><p class="preis">12 € pro Person und Monat</p><p>Gantt-Ansicht, Rechteverwaltung, Support per Telefon</p></div>
</div>
</main>`,
    ),
    '/ueber-uns': seite(
      'Über uns – Stapelwerk',
      `<main>
<h1>Über uns</h1>
<p>Stapelwerk wurde 2019 von Katharina Pichler in Graz gegründet. Vorher hat sie zehn Jahre lang Projekte in einem Ingenieurbüro geleitet – mit Excel-Listen und Post-its.</p>
<p>Heute sind wir ein Team von 14 Leuten in Graz, Österreich. Unsere Server stehen in Frankfurt am Main.</p>
</main>`,
    ),
    '/fragen': seite(
      'Häufige Fragen – Stapelwerk',
      `<main>
<h1>Häufige Fragen</h1>
<h3>Ist Stapelwerk DSGVO-konform?</h3><p>Ja. Wir hosten ausschließlich in der EU und schließen mit Ihnen einen AV-Vertrag.</p>
<h3>Kann ich meine Trello-Boards importieren?</h3><p>Ja, mit einem Klick unter Einstellungen → Import.</p>
<h3>Gibt es eine App fürs Handy?</h3><p>Ja, für iOS und Android.</p>
</main>`,
    ),
    '/impressum': seite(
      'Impressum – Stapelwerk',
      `<main>
<h1>Impressum</h1>
<p>Stapelwerk GmbH<br>Annenstraße 10<br>8020 Graz, Österreich</p>
<p>Geschäftsführerin: Katharina Pichler<br>Firmenbuchnummer: FN 512345 x, Landesgericht für ZRS Graz<br>UID: ATU12345678</p>
<p>E-Mail: hallo@stapelwerk.example</p>
</main>`,
    ),
  },
  facts: {
    name: 'Stapelwerk',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Kostenlos', price: '0 €' },
      { name: 'Plus', price: '6 €' },
      { name: 'Business', price: '12 €' },
    ],
    country: 'AT',
    city: 'Graz',
    founded_year: '2019',
    contact_email: 'hallo@stapelwerk.example',
    logo_url: '/bilder/stapelwerk-logo.png',
    demo_video_url: null,
    categories: ['Task Management'],
    alsoFineCategories: ['Productivity'],
    features: ['Kanban-Boards', 'Wiederkehrende Aufgaben', 'Zeiterfassung', 'Gantt-Ansicht'],
    founders: ['Katharina Pichler'],
    socials: {
      linkedin: 'https://at.linkedin.com/company/stapelwerk',
      instagram: 'https://www.instagram.com/stapelwerk.app',
      youtube: 'https://www.youtube.com/@stapelwerk',
    },
    faqs: ['Ist Stapelwerk DSGVO-konform?', 'Kann ich meine Trello-Boards importieren?', 'Gibt es eine App fürs Handy?'],
  },
};
