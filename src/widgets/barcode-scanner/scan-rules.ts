// The camera scanner's pure rules, apart from the decoder (a lazy chunk) so they are tested
// without a camera: which camera failure means what to the buyer, and when a decoded code counts
// as a new scan — the decoder reports the same box on every frame it sees, while the buyer scans
// a box twice on purpose to buy two.

/** A code counts again only after it was out of view this long … */
export const SAME_SCAN_GAP_MS = 1500;
/** … and the decoder looked at least this many times without finding it (a box taken away). */
export const SAME_SCAN_MISSES = 2;

export interface LastScan {
  code: string;
  /** When the code was last seen (ms), refreshed on every frame that still shows it. */
  at: number;
  /** Decoding attempts since then that found no code. */
  missed: number;
}

/**
 * One decoding attempt (`code` null: nothing found in the frame) → whether it is a new scan, and
 * the state to keep. A box held in front of the camera adds once however long it stays; taken away
 * (frames without it, for a moment) and shown again, it adds again. Both a pause and empty frames
 * are needed: a slow device that decodes seldom has long pauses but no empty frames, a blurry one
 * has empty frames but no pause.
 */
export function acceptScan(
  last: LastScan | null,
  code: string | null,
  now: number,
): { accept: boolean; last: LastScan | null } {
  if (code === null) return { accept: false, last: last && { ...last, missed: last.missed + 1 } };
  const gone =
    last === null || last.code !== code || (last.missed >= SAME_SCAN_MISSES && now - last.at >= SAME_SCAN_GAP_MS);
  return { accept: gone, last: { code, at: now, missed: 0 } };
}

export const CAMERA_UNSUPPORTED = '当前浏览器无法使用摄像头（需 HTTPS 或较新的浏览器），可使用扫码枪或手动输入商品编码';
export const CAMERA_DENIED =
  '未获得摄像头权限：请在浏览器地址栏或系统设置中允许本网站使用摄像头后重试，或使用扫码枪、手动输入';
export const CAMERA_NOT_FOUND = '未检测到摄像头，可使用扫码枪扫码或手动输入商品编码';
export const CAMERA_BUSY = '摄像头正被其他应用使用，请关闭其他应用后重试';
export const CAMERA_FAILED = '无法打开摄像头，请重试或使用扫码枪、手动输入';

/** The buyer's message for a failed getUserMedia / decoder start (DOMException names). */
export function cameraErrorMessage(err: unknown): string {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_DENIED;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return CAMERA_NOT_FOUND;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return CAMERA_BUSY;
    default:
      return CAMERA_FAILED;
  }
}

/** False where no camera API exists at all (plain http on a LAN address, old browsers). */
export function cameraSupported(nav: { mediaDevices?: { getUserMedia?: unknown } } | undefined): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function';
}
