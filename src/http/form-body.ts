// Form encoding for POST/PUT bodies and GET query strings (DESIGN.md "API contract"): the server
// reads `application/x-www-form-urlencoded` with bracket notation, the PHP/qs convention the
// original API used, so `{params:[{goods_id:12}], ids:[3,4]}` becomes
// `params[0][goods_id]=12&ids[]=3&ids[]=4`.

/** What the encoder understands; documentation for callers, checked at run time. */
export type FormScalar = string | number | boolean | bigint | Date | null | undefined;
export type FormValue = FormScalar | readonly FormValue[] | { readonly [key: string]: FormValue };
/**
 * Any object: typed `object` rather than an index signature so that request interfaces
 * (`CartAddInput`) are accepted as they are; unsupported values (functions, symbols) throw.
 */
export type FormObject = object;

function isScalar(value: unknown): boolean {
  return value === null || value === undefined || typeof value !== 'object' || value instanceof Date;
}

/** null/undefined mean "not sent"; booleans are 1/0 because the server's flags are 0/1 ints. */
function scalarToString(value: unknown, key: string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? '1' : '0';
    case 'bigint':
      return value.toString();
    case 'number':
      // A NaN reaching the wire is always a bug upstream; fail where it happens, not at the server.
      if (!Number.isFinite(value)) throw new TypeError(`toFormBody: ${key} is not a finite number`);
      return String(value);
    default:
      if (value instanceof Date) return value.toISOString();
      throw new TypeError(`toFormBody: ${key} cannot be form-encoded (${typeof value})`);
  }
}

function append(out: URLSearchParams, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (isScalar(value)) {
    out.append(key, scalarToString(value, key));
    return;
  }
  if (Array.isArray(value)) {
    // Scalars use `key[]`; structured items need an index so their fields stay together.
    const allScalar = value.every(isScalar);
    value.forEach((item: unknown, index: number) => {
      append(out, allScalar ? `${key}[]` : `${key}[${index}]`, item);
    });
    return;
  }
  for (const [childKey, child] of Object.entries(value as object)) {
    append(out, `${key}[${childKey}]`, child);
  }
}

/**
 * Encodes a plain object as form fields with bracket notation. Empty arrays and objects send
 * nothing (as qs/jQuery.param do); callers that need "none selected" send an explicit value.
 */
export function toFormBody(obj: FormObject): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(obj)) append(out, key, value);
  return out;
}
