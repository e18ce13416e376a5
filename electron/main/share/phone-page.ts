// The page a phone loads, made once when sharing starts: the built view.html with its script and
// stylesheet put inside it, so a phone gets the whole page in ONE request. Phones that join
// together then need one connection each for the page (and one for the live stream): a page
// that arrived cannot be left without its script, which is what retries when the stream fails.
import { createHash } from 'node:crypto';

/** The phone page's policy; `scripts` and `styles` are the hashes of what is inside the page. */
export const phoneCsp = (scripts: readonly string[], styles: readonly string[], ownFiles: boolean): string =>
  [
    "default-src 'none'",
    `script-src ${[...(ownFiles ? ["'self'"] : []), ...scripts.map((h) => `'sha256-${h}'`)].join(' ') || "'none'"}`,
    `style-src ${[...(ownFiles ? ["'self'"] : []), ...styles.map((h) => `'sha256-${h}'`)].join(' ') || "'none'"}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export interface PhonePage {
  html: string;
  /** The policy the page is sent with (the built page's own meta policy is taken out: it allows files only). */
  csp: string;
  /** Files the page still refers to (a file that could not go inside it). */
  files: string[];
}

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('base64');

/**
 * Text the HTML parser would end or confuse the element on: it stays a file instead. (`<!--` is
 * harmless on its own; with `<script` after it, a later `</script>` would not end the element.)
 */
const unsafeInside = (text: string, tag: 'script' | 'style'): boolean =>
  new RegExp(`</${tag}`, 'i').test(text) || (tag === 'script' && /<!--/.test(text) && /<script/i.test(text));

/**
 * The phone page from the built view.html. `read(name)` gives a file the page names
 * (`assets/x.js`), or null when it is missing (the page then refers to it as before).
 */
export const phonePage = (html: string, read: (name: string) => string | null): PhonePage => {
  const scripts: string[] = [];
  const styles: string[] = [];
  const files: string[] = [];
  let out = html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/i, '');
  out = out.replace(/<script type="module"(?: crossorigin)? src="\.\/(assets\/[A-Za-z0-9._-]+\.js)"><\/script>/g, (tag, name: string) => {
    const js = read(name);
    if (js === null || unsafeInside(js, 'script')) return (files.push(name), tag);
    scripts.push(sha256(js));
    return `<script type="module">${js}</script>`;
  });
  out = out.replace(/<link rel="stylesheet"(?: crossorigin)? href="\.\/(assets\/[A-Za-z0-9._-]+\.css)">/g, (tag, name: string) => {
    const css = read(name);
    if (css === null || unsafeInside(css, 'style')) return (files.push(name), tag);
    styles.push(sha256(css));
    return `<style>${css}</style>`;
  });
  // Anything else the page names (an icon, a file another build added) stays a file.
  for (const m of out.matchAll(/\b(?:src|href)="(?:\.\/|\/)?(assets\/[A-Za-z0-9._-]+)"/g)) if (!files.includes(m[1]!)) files.push(m[1]!);
  return { html: out, csp: phoneCsp(scripts, styles, files.length > 0), files };
};
