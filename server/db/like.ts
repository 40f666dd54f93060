// What a user types into a search box is matched literally: `%`, `_` and `\` are characters, not
// LIKE wildcards (PostgreSQL's default escape character is `\`).

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
