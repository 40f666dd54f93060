// The one gate every stored article body passes (issue 18): DOMPurify with the shared allow-list
// (src/domain/article-html.ts). URLs are checked by our own rules after DOMPurify's, so a link is
// http(s) or a site path and an image comes from /media only; anything else loses the attribute.
import DOMPurify from 'isomorphic-dompurify';
import {
  ARTICLE_ALLOWED_ATTRS,
  ARTICLE_ALLOWED_TAGS,
  isAllowedArticleHref,
  isAllowedArticleImage,
  isPlainTextBody,
  plainTextToHtml,
} from '@domain/article-html.ts';

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !isAllowedArticleHref(href)) node.removeAttribute('href');
      // External links open away from the shop and give it no handle on the opener.
      if (node.getAttribute('href')?.match(/^https?:/i)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src === null || !isAllowedArticleImage(src)) node.remove();
    }
  });
}

/** Sanitised HTML of an article body; a pre-console plain-text body becomes paragraphs first. */
export function sanitizeArticleHtml(body: string): string {
  installHooks();
  const html = isPlainTextBody(body) ? plainTextToHtml(body) : body;
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_ALLOWED_TAGS],
    ALLOWED_ATTR: [...ARTICLE_ALLOWED_ATTRS, 'target', 'rel'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
