// A QR-like placeholder (the real mini-program/WeChat codes are operator assets, not shown in the
// SPEC). Deterministic per `seed`, drawn as one SVG path so it costs a few hundred bytes of DOM.
import { useMemo } from 'react';

const MODULES = 25;
const FINDER = 7;

function hash(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function inFinder(x: number, y: number): boolean {
  const corner = (cx: number, cy: number) => x >= cx && x < cx + FINDER + 1 && y >= cy && y < cy + FINDER + 1;
  return corner(0, 0) || corner(MODULES - FINDER - 1, 0) || corner(0, MODULES - FINDER - 1);
}

function finderPath(ox: number, oy: number): string {
  // Outer ring (7x7 minus 5x5) and the 3x3 eye, as rectangles.
  return (
    `M${ox} ${oy}h7v1h-7z M${ox} ${oy + 6}h7v1h-7z M${ox} ${oy + 1}h1v5h-1z M${ox + 6} ${oy + 1}h1v5h-1z ` +
    `M${ox + 2} ${oy + 2}h3v3h-3z`
  );
}

export function qrPath(seed: string): string {
  let state = hash(seed) || 1;
  const next = () => {
    // xorshift32: cheap, deterministic, good enough to look like data modules.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const parts = [finderPath(0, 0), finderPath(MODULES - FINDER, 0), finderPath(0, MODULES - FINDER)];
  for (let y = 0; y < MODULES; y++) {
    for (let x = 0; x < MODULES; x++) {
      if (inFinder(x, y)) continue;
      if (next() < 0.5) parts.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return parts.join('');
}

export interface QrPlaceholderProps {
  seed: string;
  size: number;
  label: string;
  className?: string;
}

export function QrPlaceholder({ seed, size, label, className }: QrPlaceholderProps) {
  const d = useMemo(() => qrPath(seed), [seed]);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`-2 -2 ${MODULES + 4} ${MODULES + 4}`}
      shapeRendering="crispEdges"
    >
      <rect x="-2" y="-2" width={MODULES + 4} height={MODULES + 4} style={{ fill: 'var(--color-white)' }} />
      <path d={d} style={{ fill: 'var(--color-ink)' }} />
    </svg>
  );
}
