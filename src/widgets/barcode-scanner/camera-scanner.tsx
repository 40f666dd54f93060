// The camera behind 扫码: the device's camera (the back one on a phone) in a preview; a few times
// a second the frame is drawn to a canvas and decoded (barcode-decoder.ts: EAN-13/8, UPC, Code128).
// Each new code goes to `onCode`, which takes it like a code typed into the scan box. Shared by
// quick purchase (goods barcodes) and 扫码验货 (药品追溯码, Code128); loaded lazily by each, so
// no other page carries the decoder.
import { useEffect, useRef, useState } from 'react';
import { decodeImage } from './barcode-decoder';
import { acceptScan, CAMERA_UNSUPPORTED, cameraErrorMessage, cameraSupported, type LastScan } from './scan-rules';
import styles from './barcode-scanner.module.css';

/** Between decoding attempts: enough for a scan to feel instant, little enough for a phone's CPU. */
const ATTEMPT_EVERY_MS = 250;
/** Frames are decoded at most this wide: barcodes stay readable, the work stays small. */
const DECODE_WIDTH = 640;

export interface CameraScannerProps {
  onCode: (code: string) => void;
  /** What the buyer is told while the camera looks for codes. */
  hint?: string;
}

const GOODS_HINT = '将商品包装上的条形码对准画面，识别后自动加入；同一商品再扫一次数量加 1';

type State = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

export default function CameraScanner({ onCode, hint = GOODS_HINT }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>(() =>
    cameraSupported(navigator) ? { kind: 'starting' } : { kind: 'failed', message: CAMERA_UNSUPPORTED },
  );
  // The latest callback without restarting the camera when the page re-renders.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    const el = video.current;
    if (!cameraSupported(navigator) || !el) return;
    let closed = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: LastScan | null = null;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const attempt = () => {
      if (closed) return;
      if (context && el.videoWidth > 0) {
        const scale = Math.min(1, DECODE_WIDTH / el.videoWidth);
        canvas.width = Math.round(el.videoWidth * scale);
        canvas.height = Math.round(el.videoHeight * scale);
        context.drawImage(el, 0, 0, canvas.width, canvas.height);
        const code = decodeImage(
          context.getImageData(0, 0, canvas.width, canvas.height).data,
          canvas.width,
          canvas.height,
        );
        const seen = acceptScan(last, code, Date.now());
        last = seen.last;
        if (seen.accept && code !== null) onCodeRef.current(code);
      }
      timer = setTimeout(attempt, ATTEMPT_EVERY_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (s) => {
        stream = s;
        if (closed) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        el.srcObject = s;
        await el.play();
        if (closed) return;
        setState({ kind: 'scanning' });
        attempt();
      })
      .catch((err: unknown) => {
        if (!closed) setState({ kind: 'failed', message: cameraErrorMessage(err) });
      });
    return () => {
      closed = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className={styles.camera}>
      <video
        ref={video}
        className={styles.preview}
        muted
        playsInline
        hidden={state.kind === 'failed'}
        aria-label="摄像头画面"
      />
      <p
        className={state.kind === 'failed' ? styles.refused : styles.hint}
        role={state.kind === 'failed' ? 'alert' : 'status'}
      >
        {state.kind === 'starting' && '正在打开摄像头…'}
        {state.kind === 'scanning' && hint}
        {state.kind === 'failed' && state.message}
      </p>
    </div>
  );
}
