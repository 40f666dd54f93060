// Starts an image's download the moment its URL is known (an answer on the page's largest-paint
// path), instead of when React has rendered the element; the <img> then paints from the cache.
export function warmImage(src: string | undefined): void {
  if (!src || typeof Image !== 'function') return;
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = src;
}
