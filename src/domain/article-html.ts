// Article bodies are HTML written in the console's rich-text editor (issue 18). What may be in
// one, shared by the server (which sanitises before storing) and the shop (which sanitises again
// before rendering): headings, paragraphs, lists, bold/italic, links to http(s) or our own paths,
// images from our own media or uploads, tables. Everything else — scripts, event-handler attributes, styles,
// iframes, forms, javascript: and data: URLs — is dropped (docs/decisions/console-content.md).

export const ARTICLE_ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  's',
  'u',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export const ARTICLE_ALLOWED_ATTRS = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'] as const;

/** A link: http(s) anywhere, or a path on our own site (never protocol-relative '//'). */
export const isAllowedArticleHref = (href: string): boolean =>
  /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(href.trim());

/** Where an uploaded content picture is served (GET /api/content_images/{id}). */
export const contentImageUrl = (id: number): string => `/api/content_images/${id}`;

/**
 * An image: only our own pictures (/media/… or an uploaded one), so an article or banner cannot
 * pull pixels from elsewhere.
 */
export const isAllowedArticleImage = (src: string): boolean =>
  /^\/(media\/[A-Za-z0-9/_.-]+|api\/content_images\/\d{1,9})$/.test(src.trim());

/** The most an article body may hold (characters of HTML). */
export const ARTICLE_BODY_MAX = 100_000;

/** True when a body is the pre-console plain text (no tags at all). */
export const isPlainTextBody = (body: string): boolean => !/<[a-z][^>]*>/i.test(body);

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A plain-text body (blank-line paragraphs, single newlines as line breaks) as HTML paragraphs. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** DOMPurify's settings for an article body, the same on the server and in the shop. */
export const ARTICLE_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...ARTICLE_ALLOWED_TAGS],
  ALLOWED_ATTR: [...ARTICLE_ALLOWED_ATTRS, 'target', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** The part of a DOM element the URL rules need (typed here so the domain stays free of the DOM). */
export interface ArticleNode {
  tagName: string;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  remove(): void;
}

/** Our URL rules after DOMPurify's, on each sanitised element: a link loses an href that is neither http(s) nor a site path; an image not from /media or content images goes. */
export function enforceArticleUrls(node: ArticleNode): void {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !isAllowedArticleHref(href)) node.removeAttribute('href');
  }
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src');
    if (src === null || !isAllowedArticleImage(src)) node.remove();
  }
}
