// Which built stylesheets a server-rendered page needs (issue 21 §1, docs/decisions/server-rendering.md).
//
// Two sources, united: the CSS of the matched page modules' chunks and of the chunks they import
// (what the client loads with the route), and the CSS of every CSS-module class the drawn HTML
// actually uses. The second catches what the page draws through lazy boundaries — the shell's
// footer, a page's below-the-fold section, the goods detail's screen — whose chunks are dynamic
// imports: without it those parts arrived unstyled and were restyled when their chunk's CSS came.

/** One entry of dist/.vite/manifest.json. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** CSS module classes are `_<local>_<hash>_<line>` (Vite's default scoped names). */
const MODULE_CLASS = /\._[A-Za-z0-9_-]+_[0-9a-z]{5}_\d+/g;
const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;

export interface CssIndex {
  /** The entry's stylesheets: always linked by index.html, never added again. */
  entry: ReadonlySet<string>;
  /** A CSS-module class → the built files with rules for it, in manifest order. */
  byClass: ReadonlyMap<string, readonly string[]>;
  /** Every page stylesheet in manifest order (the order a page's files are written in). */
  order: ReadonlyMap<string, number>;
}

function entryCss(manifest: ViteManifest): Set<string> {
  return new Set(
    Object.values(manifest)
      .filter((c) => c.isEntry)
      .flatMap((c) => c.css ?? []),
  );
}

/** Indexes the built CSS by the module classes it styles; `read` gives a file's text. */
export async function indexCss(manifest: ViteManifest, read: (file: string) => Promise<string>): Promise<CssIndex> {
  const entry = entryCss(manifest);
  const files = [...new Set(Object.values(manifest).flatMap((c: ManifestChunk) => c.css ?? []))].filter(
    (f) => !entry.has(f),
  );
  const texts = await Promise.all(files.map(read));
  const byClass = new Map<string, string[]>();
  files.forEach((file, i) => {
    for (const match of new Set(texts[i]?.match(MODULE_CLASS) ?? [])) {
      const name = match.slice(1);
      const list = byClass.get(name);
      if (!list) byClass.set(name, [file]);
      else if (!list.includes(file)) list.push(file);
    }
  });
  return { entry, byClass, order: new Map(files.map((file, i) => [file, i])) };
}

/** The CSS files a page module needs beyond the entry's (its chunk's and its shared imports'). */
export function cssForSources(manifest: ViteManifest, sources: readonly string[]): string[] {
  const entry = entryCss(manifest);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    for (const css of chunk.css ?? []) if (!entry.has(css)) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const source of sources) visit(source);
  return [...files];
}

/** The page modules' CSS, then that of every other module class the HTML uses, in build order. */
export function cssForPage(
  manifest: ViteManifest,
  index: CssIndex,
  sources: readonly string[],
  html: string,
): string[] {
  const files = cssForSources(manifest, sources);
  const have = new Set(files);
  const drawn = new Set<string>();
  for (const [, classes] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of classes!.split(/\s+/)) {
      for (const file of index.byClass.get(name) ?? []) if (!have.has(file)) drawn.add(file);
    }
  }
  const extra = [...drawn].sort((a, b) => (index.order.get(a) ?? 0) - (index.order.get(b) ?? 0));
  return [...files, ...extra];
}
