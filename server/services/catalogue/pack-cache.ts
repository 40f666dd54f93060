// The catalogue packs this process has built, per class: built once per (class, version) and then
// served from memory to every buyer of the class. A newer catalogue version does not rebuild at
// once: every checkout moves the version (stock), and the device follows with the change feed from
// the pack's version anyway. A pack is rebuilt when the version moved AND it is older than
// PACK_FRESH_MS, so at most one build per class per PACK_FRESH_MS, whatever the write rate.
// The previous build stays too, so a download that started on it can finish its chunks.
import type { Deps } from '../../deps.ts';
import { catalogueVersionNow } from './changes.ts';
import { buildPack, type BuiltPack } from './pack-build.ts';

/** How long a pack is served although the catalogue moved on (the device applies the deltas). */
export const PACK_FRESH_MS = 10 * 60_000;

interface ClassPacks {
  current: Promise<BuiltPack>;
  previous: BuiltPack | null;
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

function startBuild(
  deps: Pick<Deps, 'db' | 'clock'>,
  packs: Map<string, ClassPacks>,
  cls: string,
  previous: BuiltPack | null,
): Promise<BuiltPack> {
  const current = buildPack(deps.db, cls, deps.clock);
  packs.set(cls, { current, previous });
  // A failed build is not kept: the next request tries again (on the previous pack meanwhile).
  current.catch(() => {
    if (packs.get(cls)?.current !== current) return;
    if (previous) packs.set(cls, { current: Promise.resolve(previous), previous: null });
    else packs.delete(cls);
  });
  return current;
}

/** The class's pack to hand out now: the cached one while fresh or current, else a new build. */
export async function currentPack(deps: Pick<Deps, 'db' | 'clock'>, cls: string): Promise<BuiltPack> {
  const packs = packsOf(deps);
  const held = packs.get(cls);
  if (!held) return startBuild(deps, packs, cls, null);
  const pack = await held.current;
  if (packs.get(cls)?.current !== held.current) return packs.get(cls)!.current;
  const age = deps.clock().getTime() - pack.builtAt.getTime();
  if (age < PACK_FRESH_MS) return pack;
  if ((await catalogueVersionNow(deps.db)) === pack.version) return pack;
  // Another request may have started the rebuild while this one read the version.
  const again = packs.get(cls)!;
  if (again.current !== held.current) return again.current;
  return startBuild(deps, packs, cls, pack);
}

/** A pack of the class at `version` if this process still holds it (the current or the previous build). */
export async function heldPack(deps: Pick<Deps, 'db'>, cls: string, version: number): Promise<BuiltPack | null> {
  const held = packsOf(deps).get(cls);
  if (!held) return null;
  const current = await held.current.catch(() => null);
  if (current?.version === version) return current;
  return held.previous?.version === version ? held.previous : null;
}
