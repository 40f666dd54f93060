// The shop's second gate for article bodies: the server stores them sanitised, and the page
// sanitises again with the same allow-list (src/domain/article-html.ts) before it hands them to
// the DOM, so an answer from an older cache or a compromised store still cannot run a script.
// An answer cached before the console (plain text) becomes paragraphs.
import DOMPurify from 'isomorphic-dompurify';
import { ARTICLE_PURIFY_CONFIG, enforceArticleUrls, isPlainTextBody, plainTextToHtml } from '../../domain/article-html';

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', enforceArticleUrls);
}

export function safeArticleHtml(body: string): string {
  installHooks();
  return DOMPurify.sanitize(isPlainTextBody(body) ? plainTextToHtml(body) : body, ARTICLE_PURIFY_CONFIG);
}
