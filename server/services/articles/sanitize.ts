// The one gate every stored article body passes (issue 18): DOMPurify with the shared allow-list
// (src/domain/article-html.ts). URLs are checked by our own rules after DOMPurify's, so a link is
// http(s) or a site path and an image comes from /media only; anything else loses the attribute.
import { ARTICLE_PURIFY_CONFIG, enforceArticleUrls, isPlainTextBody, plainTextToHtml } from '@domain/article-html.ts';
import { domPurify } from '../seldom-used-packages.ts';

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  domPurify().addHook('afterSanitizeAttributes', (node) => {
    enforceArticleUrls(node);
    // External links open away from the shop and give it no handle on the opener.
    if (node.tagName === 'A' && node.getAttribute('href')?.match(/^https?:/i)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Sanitised HTML of an article body; a pre-console plain-text body becomes paragraphs first. */
export function sanitizeArticleHtml(body: string): string {
  installHooks();
  const html = isPlainTextBody(body) ? plainTextToHtml(body) : body;
  return domPurify().sanitize(html, ARTICLE_PURIFY_CONFIG);
}
