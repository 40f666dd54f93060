// The catalogue packs this process has built, per class: built once per (class, version) and then
// served from memory to every buyer of the class. A newer catalogue version does not rebuild at
// once: every checkout moves the version (stock), and the device follows with the change feed from
// the pack's version anyway. A pack is rebuilt when the version moved AND it is older than
// PACK_FRESH_MS, so at most one build per class per PACK_FRESH_MS, whatever the write rate — and
// in the background: the request that finds it stale is answered with the held pack (correct at its
// version; the device applies the feed from there), so after the first build no buyer waits for one.
// A rebuild reads only the goods the change log names since the held pack (rebuildPack), and the
// class whole at most every PACK_FULL_EVERY_MS.
// The first builds run right after boot (warmPacks), for the classes the companies are in.
// The previous build stays too, so a download that started on it can finish its chunks.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../goods/search.ts';
import { catalogueVersionNow } from './changes.ts';
import { buildPack, packClassOf, rebuildPack, type BuiltPack } from './pack-build.ts';

/** How long a pack is served although the catalogue moved on (the device applies the deltas). */
export const PACK_FRESH_MS = 10 * 60_000;

interface ClassPacks {
  current: Promise<BuiltPack>;
  previous: BuiltPack | null;
  /** The rebuild running in the background while `current` is still handed out. */
  next: Promise<BuiltPack> | null;
}

const perDeps = new WeakMap<object, Map<string, ClassPacks>>();

function packsOf(deps: Pick<Deps, 'db'>): Map<string, ClassPacks> {
  let m = perDeps.get(deps);
  if (!m) {
    m = new Map();
    perDeps.set(deps, m);
  }
  return m;
}

/** The class's first build: its requests wait for it (nothing to hand out yet). */
function startFirstBuild(deps: Pick<Deps, 'db' | 'clock'>, packs: Map<string, ClassPacks>, cls: string) {
  const current = buildPack(deps.db, cls, deps.clock);
  packs.set(cls, { current, previous: null, next: null });
  // A failed build is not kept: the next request tries again.
  current.catch(() => {
    if (packs.get(cls)?.current === current) packs.delete(cls);
  });
  return current;
}

/** A rebuild in the background; the held pack becomes the previous one when it lands. */
function startRebuild(
  deps: Pick<Deps, 'db' | 'clock'>,
  packs: Map<string, ClassPacks>,
  cls: string,
  held: ClassPacks,
  pack: BuiltPack,
): void {
  // From the held pack and the change log (only the changed goods read, their chunks encoded).
  const next = rebuildPack(deps.db, pack, deps.clock);
  held.next = next;
  next.then(
    (built) => {
      if (packs.get(cls) === held) packs.set(cls, { current: Promise.resolve(built), previous: pack, next: null });
    },
    // A failed rebuild keeps the held pack; a later request tries again.
    () => {
      if (held.next === next) held.next = null;
    },
  );
}

/** The class's pack to hand out now: the held one (rebuilt in the background when stale), else a first build. */
export async function currentPack(deps: Pick<Deps, 'db' | 'clock'>, cls: string): Promise<BuiltPack> {
  const packs = packsOf(deps);
  const held = packs.get(cls);
  if (!held) return startFirstBuild(deps, packs, cls);
  const pack = await held.current;
  if (held.next || packs.get(cls) !== held) return pack;
  const age = deps.clock().getTime() - pack.builtAt.getTime();
  if (age < PACK_FRESH_MS) return pack;
  if ((await catalogueVersionNow(deps.db)) === pack.version) return pack;
  // Another request may have started the rebuild while this one read the version.
  if (held.next || packs.get(cls) !== held) return pack;
  startRebuild(deps, packs, cls, held, pack);
  return pack;
}

/** The class's background rebuild, if one is running (tests wait for it). */
export function packRebuild(deps: Pick<Deps, 'db'>, cls: string): Promise<BuiltPack> | null {
  return packsOf(deps).get(cls)?.next ?? null;
}

/** A pack of the class at `version` if this process still holds it (the current or the previous build). */
export async function heldPack(deps: Pick<Deps, 'db'>, cls: string, version: number): Promise<BuiltPack | null> {
  const held = packsOf(deps).get(cls);
  if (!held) return null;
  const current = await held.current.catch(() => null);
  if (current?.version === version) return current;
  return held.previous?.version === version ? held.previous : null;
}

/** The pack classes the shop's companies are in (ranks × 控销 × approval): what warmPacks builds. */
export async function classesInUse(db: Db): Promise<string[]> {
  const rows = rowsOf<{ approved: boolean; is_special: boolean; rank: number }>(
    await db.execute(sql`SELECT DISTINCT review_status = 'approved' AS approved, is_special, rank FROM companies`),
  );
  const classes = rows.map((r) => packClassOf({ approved: r.approved, isSpecial: r.is_special, rank: r.rank }));
  return [...new Set(classes)].sort();
}

/**
 * Builds the packs of the classes in use one after another (never several builds holding PGlite at
 * once), so the first buyer of a class after a start finds its pack built. Returns the classes built.
 */
export async function warmPacks(deps: Pick<Deps, 'db' | 'clock'>): Promise<string[]> {
  const classes = await classesInUse(deps.db);
  for (const cls of classes) await currentPack(deps, cls);
  return classes;
}
