// Scanning with the device camera: qr-scanner (bundled from npm, loaded only when the camera is
// turned on) uses the browser's BarcodeDetector where there is one and its own decoder in a
// worker otherwise; nothing is fetched from the internet. Camera errors are said plainly.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';

/** The sentence for a failed camera start (permission, no camera, insecure page…). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const text = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || /permission|denied/i.test(text))
    return 'Camera access was refused. Allow the camera for this site in the browser settings, or type or scan the code into the box below.';
  if (name === 'NotFoundError' || /not found|no camera/i.test(text))
    return 'No camera was found on this device. Use a USB scanner or type the code below.';
  if (name === 'NotReadableError')
    return 'The camera is in use by another app. Close it and try again.';
  if (!window.isSecureContext)
    return 'The camera only works on a secure (https) page. Use a USB scanner or type the code below.';
  return `The camera could not start (${text}). Use a USB scanner or type the code below.`;
}

export function CameraScanner(props: { onScan: (value: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(true);
  const onScan = useRef(props.onScan);
  useEffect(() => {
    onScan.current = props.onScan;
  });

  useEffect(() => {
    let stopped = false;
    let scanner: { stop(): void; destroy(): void } | undefined;
    let last = '';
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        const { default: QrScanner } = await import('qr-scanner');
        if (stopped || !video.current) return;
        const instance = new QrScanner(
          video.current,
          (result) => {
            // The same code stays in view for a while: report it once.
            if (result.data && result.data !== last) {
              last = result.data;
              onScan.current(result.data);
            }
          },
          { returnDetailedScanResult: true, preferredCamera: 'environment', maxScansPerSecond: 5 },
        );
        scanner = instance;
        await instance.start();
        if (stopped) instance.destroy();
      } catch (failure) {
        if (!stopped) setError(cameraErrorMessage(failure));
      } finally {
        if (!stopped) setStarting(false);
      }
    })();
    return () => {
      stopped = true;
      scanner?.stop();
      scanner?.destroy();
    };
  }, []);

  return (
    <div className="grid gap-3">
      {error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : (
        <div className="relative overflow-hidden rounded-2xl bg-bark-900">
          <video
            ref={video}
            className="aspect-square w-full object-cover"
            muted
            playsInline
            aria-label="Camera view"
          />
          {starting ? (
            <p role="status" className="absolute inset-0 grid place-items-center text-white">
              Starting the camera…
            </p>
          ) : null}
        </div>
      )}
      <Button variant="secondary" size="lg" className="w-full" onClick={props.onClose}>
        Stop camera
      </Button>
    </div>
  );
}
