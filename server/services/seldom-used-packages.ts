// Packages a running server needs only for an operator's file or a document — spreadsheets
// (exceljs), PDFs (pdfkit) and the article sanitiser's DOM (isomorphic-dompurify, which brings
// jsdom) — are loaded at their first use, not at start: together they were about a third of a
// start's module loading (docs/decisions/production-build.md "Seldom-used packages"). `require`
// keeps the callers synchronous; the first use pays the load once (~0.5–1 s of CPU, an
// operator's action, never a buyer's page).
import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import type DOMPurifyModule from 'isomorphic-dompurify';
import type PDFDocumentClass from 'pdfkit';

const load = createRequire(import.meta.url);

function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}

export const excel = onFirstUse<typeof ExcelJSModule>('exceljs');
export const pdfDocument = onFirstUse<typeof PDFDocumentClass>('pdfkit');
export const domPurify = onFirstUse<typeof DOMPurifyModule>('isomorphic-dompurify');
