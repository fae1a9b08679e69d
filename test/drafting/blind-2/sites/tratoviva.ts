import type { CorpusSite } from '../../corpus/types.js';

/** A sales CRM from Bogotá, Colombia, written in Spanish: prices in US dollars per user, founders in a sentence, customers' cities, a Loom share link, questions with "¿". */
const pagina = (title: string, body: string): string => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="Tratoviva es el CRM sencillo para equipos de ventas pequeños en Latinoamérica.">
</head>
<body>
<header><a href="/"><img src="/img/logo-tratoviva.png" alt="Tratoviva"></a>
<nav><a href="/funciones">Funciones</a> <a href="/precios">Precios</a> <a href="/nosotros">Nosotros</a> <a href="/preguntas">Preguntas frecuentes</a></nav></header>
${body}
<footer>
<p>Tratoviva S.A.S. · Calle 93 #11-26, Bogotá, Colombia</p>
<p>Escríbenos: <a href="mailto:hola@tratoviva.example">hola@tratoviva.example</a></p>
<p>Síguenos en <a href="https://www.instagram.com/tratoviva">Instagram</a>, <a href="https://co.linkedin.com/company/tratoviva">LinkedIn</a>, <a href="https://www.facebook.com/tratoviva">Facebook</a> y <a href="https://www.tiktok.com/@tratoviva">TikTok</a>.</p>
</footer>
</body>
</html>`;

export const tratoviva: CorpusSite = {
  host: 'tratoviva.example',
  pages: {
    '/': pagina(
      'Tratoviva — el CRM sencillo para vender más',
      `<main>
<h1>Cierra más negocios, sin hojas de cálculo.</h1>
<p>Tratoviva es el CRM para equipos de ventas de 2 a 50 personas: todos tus clientes, oportunidades y seguimientos en un solo lugar.</p>
<p><a href="https://www.loom.com/share/7f3e2a1b9c8d4e5f6a7b8c9d0e1f2a3b">Mira la demo en 4 minutos</a></p>
<p>Más de 1.500 empresas en Medellín, Lima, Santiago y Ciudad de México ya venden con Tratoviva.</p>
<blockquote>«Pasamos de perder leads en Excel a cerrar un 30% más.» — Valeria Ortiz, gerente comercial, Inmobiliaria Andes, Medellín</blockquote>
</main>`,
    ),
    '/funciones': pagina(
      'Funciones — Tratoviva',
      `<main>
<h1>Funciones</h1>
<ul>
<li><strong>Embudo de ventas visual</strong> — arrastra cada oportunidad a su etapa.</li>
<li><strong>Seguimiento de correos</strong> — sabe cuándo abren tu propuesta.</li>
<li><strong>Cotizaciones en PDF</strong> — con tu logo, en pesos o dólares.</li>
<li><strong>App móvil</strong> — para iOS y Android, también sin conexión.</li>
</ul>
<p>Se integra con Gmail, Outlook, Siigo y Alegra.</p>
</main>`,
    ),
    '/precios': pagina(
      'Precios — Tratoviva',
      `<main>
<h1>Precios</h1>
<p>Precios en dólares estadounidenses, por usuario. Factura electrónica para Colombia.</p>
<div class="planes">
<div class="plan"><h2>Básico</h2><p>US$0 · gratis para siempre</p><p>2 usuarios, 500 contactos</p></div>
<div class="plan"><h2>Pro</h2><p>US$12 por usuario al mes</p><p>Contactos ilimitados, seguimiento de correos</p></div>
<div class="plan"><h2>Equipo</h2><p>US$29 por usuario al mes</p><p>Automatizaciones, reportes, soporte prioritario</p></div>
</div>
</main>`,
    ),
    '/nosotros': pagina(
      'Nosotros — Tratoviva',
      `<main>
<h1>Nosotros</h1>
<p>Tratoviva fue fundada en 2020 en Bogotá por Camila Restrepo y Andrés Gómez, después de años vendiendo software a empresas que llevaban sus clientes en cuadernos.</p>
<p>Hoy somos 25 personas en Colombia, Perú y México.</p>
</main>`,
    ),
    '/preguntas': pagina(
      'Preguntas frecuentes — Tratoviva',
      `<main>
<h1>Preguntas frecuentes</h1>
<h3>¿Puedo importar mis contactos desde Excel?</h3><p>Sí, desde Excel, CSV o Google Sheets.</p>
<h3>¿Puedo pagar en pesos colombianos?</h3><p>Sí, con PSE o tarjeta, a la tasa del día.</p>
<h3>¿Mis datos están seguros?</h3><p>Sí. Ciframos todo y hacemos copias de seguridad diarias.</p>
</main>`,
    ),
  },
  facts: {
    name: 'Tratoviva',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Básico', price: 'free' },
      { name: 'Pro', price: 'US$12' },
      { name: 'Equipo', price: 'US$29' },
    ],
    country: 'CO',
    city: 'Bogotá',
    founded_year: '2020',
    contact_email: 'hola@tratoviva.example',
    logo_url: '/img/logo-tratoviva.png',
    demo_video_url: 'https://www.loom.com/share/7f3e2a1b9c8d4e5f6a7b8c9d0e1f2a3b',
    categories: ['CRM'],
    alsoFineCategories: ['Sales'],
    features: ['Embudo de ventas visual', 'Seguimiento de correos', 'Cotizaciones en PDF', 'App móvil'],
    founders: ['Camila Restrepo', 'Andrés Gómez'],
    socials: {
      instagram: 'https://www.instagram.com/tratoviva',
      linkedin: 'https://co.linkedin.com/company/tratoviva',
      facebook: 'https://www.facebook.com/tratoviva',
      tiktok: 'https://www.tiktok.com/@tratoviva',
    },
    faqs: ['¿Puedo importar mis contactos desde Excel?', '¿Puedo pagar en pesos colombianos?', '¿Mis datos están seguros?'],
  },
};
