// The HTML frame every page shares: escaping, the layout (one column, readable on a phone), the
// style sheet and the small script (local deadlines, arrow keys). The script is a file of its own,
// not inline, so the Content-Security-Policy can forbid every inline script.

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(text: string | number): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A path segment of our own links (game names and phase codes are plain already; this keeps it so). */
export const seg = (text: string) => encodeURIComponent(text);

export interface Layout {
  title: string;
  /** Breadcrumb links before the title: [text, href]. */
  trail?: [string, string][];
  /** <link rel=…> entries: prev/next for the arrow keys, alternate feeds. */
  links?: { rel: string; href: string; type?: string; title?: string }[];
  body: string;
}

export function page(layout: Layout): string {
  const links = (layout.links ?? [])
    .map(
      (l) =>
        `<link rel="${esc(l.rel)}" href="${esc(l.href)}"` +
        `${l.type ? ` type="${esc(l.type)}"` : ''}${l.title ? ` title="${esc(l.title)}"` : ''}>`,
    )
    .join('\n');
  const trail = (layout.trail ?? []).map(([text, href]) => ` › <a href="${esc(href)}">${esc(text)}</a>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(layout.title)} · Chancery</title>
<link rel="stylesheet" href="/static/site.css">
${links}
<script src="/static/site.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header><nav aria-label="Breadcrumb"><a href="/">Games</a>${trail}</nav></header>
<main id="main">
<h1>${esc(layout.title)}</h1>
${layout.body}
</main>
<footer><p>Chancery, an email judge for Diplomacy. This site only reads; play by mail (send <kbd>HELP</kbd> to
the judge). JSON: <a href="/api/games">/api/games</a>.</p></footer>
</body>
</html>
`;
}

/** A deadline shown in the game's zone, and turned into the reader's own zone by site.js. */
export function deadlineHtml(iso: string | null, shownInZone: string): string {
  if (!iso) return 'none';
  return `<time datetime="${esc(iso)}" data-local>${esc(shownInZone)}</time>`;
}

/** Links to the pages of a paginated list ("page 2 of 5"); nothing when there is one page. */
export function pager(base: string, page: number, pages: number): string {
  if (pages <= 1) return '';
  const link = (n: number, text: string, rel: string) =>
    n >= 1 && n <= pages ? `<a href="${esc(base)}?page=${n}" rel="${rel}">${text}</a>` : '';
  return (
    `<nav class="pager" aria-label="Pages">${link(page - 1, '← earlier page', 'prev')} ` +
    `page ${page} of ${pages} ${link(page + 1, 'later page →', 'next')}</nav>`
  );
}

export const SITE_CSS = `
:root { color-scheme: light; --ink: #1d1d1d; --muted: #5b5b5b; --line: #d8d2c4; --link: #1a4f8b; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 0 1rem 2rem; font: 16px/1.5 system-ui, sans-serif; color: var(--ink);
  background: #fbf9f4; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, summary:focus-visible { outline: 3px solid #e0a000; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
header { padding: .75rem 0; border-bottom: 1px solid var(--line); }
footer { margin-top: 2rem; border-top: 1px solid var(--line); color: var(--muted); font-size: .9rem; }
h1 { font-size: 1.6rem; margin: 1rem 0 .5rem; }
h2 { font-size: 1.25rem; margin-top: 1.5rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.scroll { overflow-x: auto; }
pre { background: #fff; border: 1px solid var(--line); padding: .75rem; overflow-x: auto; font-size: .85rem;
  line-height: 1.35; }
figure { margin: 1rem 0; }
.map { border: 1px solid var(--line); background: #fff; overflow: auto; max-height: 90vh; }
.map svg { display: block; width: 100%; height: auto; }
.map.zoomed svg { width: 200%; }
figcaption { color: var(--muted); font-size: .9rem; }
.steps { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; margin: 1rem 0; }
.steps a { padding: .4rem .8rem; border: 1px solid var(--line); background: #fff; border-radius: 4px; }
.press { border-left: 4px solid var(--line); padding-left: .75rem; margin: 1rem 0; }
.press pre { white-space: pre-wrap; }
.muted { color: var(--muted); }
.need { font-weight: bold; color: #8a1c1c; }
ul.plain { list-style: none; padding: 0; }
@media (max-width: 40rem) { body { font-size: 15px; } th, td { padding: .25rem; } .hide-narrow { display: none; } }
`;

// Deadlines in the reader's own zone (the page shows the game's zone until this runs); the arrow keys
// follow the page's rel=prev/next links, as the phase pages promise; "z" or the button zooms the map.
export const SITE_JS = `
document.querySelectorAll('time[data-local]').forEach(function (t) {
  var d = new Date(t.getAttribute('datetime'));
  if (isNaN(d)) return;
  t.title = t.textContent;
  t.textContent = d.toLocaleString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric',
    hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
});
document.querySelectorAll('button[data-zoom]').forEach(function (b) {
  b.hidden = false;
  b.addEventListener('click', function () {
    var m = document.getElementById(b.getAttribute('data-zoom'));
    var on = m.classList.toggle('zoomed');
    b.setAttribute('aria-pressed', on ? 'true' : 'false');
  });
});
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  var tag = (e.target && e.target.tagName) || '';
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return;
  var rel = e.key === 'ArrowLeft' ? 'prev' : e.key === 'ArrowRight' ? 'next' : null;
  if (!rel) return;
  var link = document.querySelector('link[rel="' + rel + '"]');
  if (link) { e.preventDefault(); location.href = link.getAttribute('href'); }
});
`;
