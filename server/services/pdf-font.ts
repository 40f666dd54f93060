// The CJK font every PDF of ours is set in (the e-contract, the 随货同行单 and 拣货单, the invoice):
// Noto Sans SC (npm @embedpdf/fonts-sc, OFL), embedded as a subset of the glyphs each document uses,
// so a file reads the same in any viewer without a system CJK font (docs/decisions/e-contract.md).
//
// Parsed once per process. pdfkit parses a registered font's bytes again for every document, and
// decoding the 8 MB CFF font's tables was most of a document's work (~150 of ~220 ms a delivery
// note): a signed-in device fetches the e-contract PDF at every start and each new delivery note
// (src/api/papers.ts), all on the event loop. The first document parses the font as pdfkit does;
// later ones get a new pdfkit font object (their own glyph subset and layout cache) around that
// parsed font (docs/decisions/pdf-font.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const FONT_NAME = 'NotoSansSC';

let fontBytes: Buffer | null = null;
export function cjkFont(): Buffer {
  if (!fontBytes) {
    // The package exports only its index; the fonts sit beside its dist folder.
    const index = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    fontBytes = readFileSync(path.join(path.dirname(index), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontBytes;
}

/** pdfkit's embedded font: its class is not exported, so it is taken from the first document. */
interface EmbeddedFont {
  name: string;
  /** The parsed fontkit font. */
  font: unknown;
}
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: unknown, id: string) => EmbeddedFont;
/** The document's font table, as pdfkit's `font()` reads it (pdfkit 0.17, js/pdfkit.js `font`). */
interface FontTable {
  _font: EmbeddedFont | null;
  _fontCount: number;
  _fontFamilies: Record<string, EmbeddedFont>;
}

let parsed: { Embedded: EmbeddedFontClass; font: unknown } | null = null;

/** Registers the CJK font under FONT_NAME and makes it the document's current font. */
export function setInCjkFont(doc: PDFKit.PDFDocument): void {
  doc.registerFont(FONT_NAME, cjkFont());
  const table = doc as unknown as FontTable;
  if (parsed) {
    const embedded = new parsed.Embedded(doc, parsed.font, `F${++table._fontCount}`);
    // What pdfkit's font() stores after opening a font: found by its name from now on.
    table._fontFamilies[FONT_NAME] = embedded;
    table._fontFamilies[embedded.name] = embedded;
  }
  doc.font(FONT_NAME);
  if (!parsed && table._font) {
    parsed = { Embedded: table._font.constructor as EmbeddedFontClass, font: table._font.font };
  }
}
