// Keyword highlighting in search results. The text is split into plain and matching runs and the
// matches are wrapped in <mark> by React: a keyword such as `<script>` stays text, never markup.
import { Fragment } from 'react';

/** Latin letters compared case-insensitively; a length-preserving fold so offsets stay valid. */
function fold(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export interface TextRun {
  text: string;
  match: boolean;
}

/** Every whitespace-separated term of `query` is marked wherever it occurs in `text`. */
export function highlightRuns(text: string, query: string): TextRun[] {
  const terms = [
    ...new Set(
      fold(query)
        .split(/\s+/)
        .filter((t) => t !== ''),
    ),
  ];
  if (text === '' || terms.length === 0) return text === '' ? [] : [{ text, match: false }];
  const hay = fold(text);
  const marked = Array.from({ length: text.length }, () => false);
  for (const term of terms) {
    for (let at = hay.indexOf(term); at !== -1; at = hay.indexOf(term, at + term.length)) {
      marked.fill(true, at, at + term.length);
    }
  }
  const runs: TextRun[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      runs.push({ text: text.slice(start, i), match: marked[start] });
      start = i;
    }
  }
  return runs;
}

export function Highlight({ text, query }: { text: string; query?: string }) {
  if (!query) return <>{text}</>;
  return (
    <>
      {highlightRuns(text, query).map((run, i) =>
        run.match ? <mark key={i}>{run.text}</mark> : <Fragment key={i}>{run.text}</Fragment>,
      )}
    </>
  );
}
