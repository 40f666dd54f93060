// The shop's second gate for article bodies: the server stores them sanitised, and the page
// sanitises again with the same allow-list (src/domain/article-html.ts) before it hands them to
// the DOM, so an answer from an older cache or a compromised store still cannot run a script.
// An answer cached before the console (plain text) becomes paragraphs.
import DOMPurify from 'isomorphic-dompurify';
import {
  ARTICLE_ALLOWED_ATTRS,
  ARTICLE_ALLOWED_TAGS,
  isAllowedArticleHref,
  isAllowedArticleImage,
  isPlainTextBody,
  plainTextToHtml,
} from '../../domain/article-html';

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !isAllowedArticleHref(href)) node.removeAttribute('href');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src === null || !isAllowedArticleImage(src)) node.remove();
    }
  });
}

export function safeArticleHtml(body: string): string {
  installHooks();
  return DOMPurify.sanitize(isPlainTextBody(body) ? plainTextToHtml(body) : body, {
    ALLOWED_TAGS: [...ARTICLE_ALLOWED_TAGS],
    ALLOWED_ATTR: [...ARTICLE_ALLOWED_ATTRS, 'target', 'rel'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
