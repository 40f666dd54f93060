// The camera behind 扫码: the device's camera (the back one on a phone) in a preview, decoded
// continuously by @zxing/browser for the barcodes on medicine boxes (EAN-13, its short and UPC
// forms, Code128). Each new code goes to `onCode`, which matches and adds it like a code typed
// into the scan box. Loaded lazily by the paste pad: the decoder is a large chunk no other page
// needs.
import { useEffect, useRef, useState } from 'react';
import { BarcodeFormat, BrowserMultiFormatOneDReader, type IScannerControls } from '@zxing/browser';
import { DecodeHintType } from '@zxing/library';
import { acceptScan, CAMERA_UNSUPPORTED, cameraErrorMessage, cameraSupported, type LastScan } from './scan-rules';
import styles from './quick-purchase.module.css';

const FORMATS = [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.CODE_128];

export interface CameraScannerProps {
  onCode: (code: string) => void;
}

type State = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

export default function CameraScanner({ onCode }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>(() => (cameraSupported(navigator) ? { kind: 'starting' } : { kind: 'failed', message: CAMERA_UNSUPPORTED }));
  // The latest callback without restarting the camera when the page re-renders.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!cameraSupported(navigator) || !video.current) return;
    let controls: IScannerControls | undefined;
    let closed = false;
    let last: LastScan | null = null;
    const reader = new BrowserMultiFormatOneDReader(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, FORMATS]]));
    reader
      .decodeFromConstraints({ video: { facingMode: { ideal: 'environment' } }, audio: false }, video.current, (result) => {
        if (closed) return;
        // Called once per attempt: with a result, or without one when the frame showed no code.
        const code = result ? result.getText() : null;
        const seen = acceptScan(last, code, Date.now());
        last = seen.last;
        if (seen.accept && code !== null) onCodeRef.current(code);
      })
      .then((c) => {
        if (closed) c.stop();
        else {
          controls = c;
          setState({ kind: 'scanning' });
        }
      })
      .catch((err: unknown) => {
        if (!closed) setState({ kind: 'failed', message: cameraErrorMessage(err) });
      });
    return () => {
      closed = true;
      controls?.stop();
    };
  }, []);

  return (
    <div className={styles.camera}>
      <video ref={video} className={styles.preview} muted playsInline hidden={state.kind === 'failed'} aria-label="摄像头画面" />
      <p className={state.kind === 'failed' ? styles.refused : styles.hint} role={state.kind === 'failed' ? 'alert' : 'status'}>
        {state.kind === 'starting' && '正在打开摄像头…'}
        {state.kind === 'scanning' && '将商品包装上的条形码对准画面，识别后自动加入；同一商品再扫一次数量加 1'}
        {state.kind === 'failed' && state.message}
      </p>
    </div>
  );
}
