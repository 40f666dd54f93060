// Helpers for the TanStack path syntax the manifest uses: `$id` (required param), `{-$id}`
// (optional param) and a lone `$` (splat). Params are always whole segments in our manifest.

export type PathParams = Readonly<Record<string, string | undefined>>;

interface ParamSegment {
  name: string;
  optional: boolean;
  splat: boolean;
}

function parseSegment(segment: string): ParamSegment | null {
  if (segment === '$') return { name: '_splat', optional: false, splat: true };
  const optional = /^\{-\$([A-Za-z_][\w]*)\}$/.exec(segment);
  if (optional) return { name: optional[1], optional: true, splat: false };
  const required = /^\$([A-Za-z_][\w]*)$/.exec(segment);
  if (required) return { name: required[1], optional: false, splat: false };
  return null;
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** The params a path declares, in order. */
export function pathParams(path: string): ParamSegment[] {
  return segments(path)
    .map(parseSegment)
    .filter((p): p is ParamSegment => p !== null);
}

/**
 * Turns a path template into a concrete URL path. Optional params without a value drop their
 * segment; a missing required param is a programming error (the manifest and its source
 * route disagree), so it throws rather than building a broken link.
 */
export function fillPath(path: string, params: PathParams): string {
  const out: string[] = [];
  for (const segment of segments(path)) {
    const param = parseSegment(segment);
    if (!param) {
      out.push(segment);
      continue;
    }
    const value = params[param.name];
    if (value === undefined || value === '') {
      if (param.optional || param.splat) continue;
      throw new Error(`路径 ${path} 缺少参数 ${param.name}`);
    }
    // A splat keeps its slashes; a single-segment param must not introduce new ones.
    out.push(param.splat ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value));
  }
  return '/' + out.join('/');
}

/**
 * Every arity of a template: `/ppzq/{-$page}` → `/ppzq/{-$page}` and `/ppzq`. Used to find
 * which concrete URLs a row serves (e.g. that `/ppzq` itself is reachable).
 */
export function pathArities(path: string): string[] {
  let results: string[][] = [[]];
  for (const segment of segments(path)) {
    const param = parseSegment(segment);
    const withSegment = results.map((r) => [...r, segment]);
    results = param?.optional ? [...withSegment, ...results] : withSegment;
  }
  return results.map((r) => '/' + r.join('/'));
}
