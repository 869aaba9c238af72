import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { EraserRegular } from '@fluentui/react-icons';
import SignaturePad from 'signature_pad';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  box: { display: 'grid', gap: tokens.spacingVerticalXS },
  canvas: {
    width: '100%',
    height: '180px',
    touchAction: 'none',
    backgroundColor: '#fff',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'crosshair',
  },
  clear: { justifySelf: 'start' },
});

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The drawing as an opaque PNG (white background), with its size in pixels. */
  toPng(): Promise<{ blob: Blob; width: number; height: number } | null>;
}

/**
 * A signature drawn on the screen (signature_pad): white behind the ink, so the PNG is
 * opaque and reads the same on a dark screen; sized to the device's pixel ratio so the
 * strokes are sharp; a button clears it.
 */
export const SignatureField = forwardRef<SignatureHandle, { error?: string; onDrawn?: () => void }>(function SignatureField({ error, onDrawn }, ref) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const signature = new SignaturePad(el, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 40)' });
    pad.current = signature;
    const fit = () => {
      // Resizing clears the canvas: keep the strokes and draw them again at the new size.
      const data = signature.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (data.length) signature.fromData(data);
    };
    fit();
    const ended = () => drawn.current?.();
    signature.addEventListener('endStroke', ended);
    // The dialog may lay the canvas out after it mounts, and a phone turns: fit it to its box whenever that changes.
    let width = el.offsetWidth;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => el.offsetWidth !== width && ((width = el.offsetWidth), fit()));
    observer?.observe(el);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    toPng: () =>
      new Promise((resolve) => {
        const el = canvas.current;
        if (!el || !pad.current || pad.current.isEmpty()) return resolve(null);
        el.toBlob((blob) => resolve(blob ? { blob, width: el.width, height: el.height } : null), 'image/png');
      }),
  }));

  return (
    <Field label={t('signature')} required validationMessage={error} validationState={error ? 'error' : 'none'}>
      <div className={styles.box}>
        <canvas ref={canvas} className={styles.canvas} role="img" aria-label={t('signatureArea')} data-testid="signature-pad" />
        <Button
          className={styles.clear}
          size="small"
          icon={<EraserRegular />}
          onClick={() => {
            pad.current?.clear();
            drawn.current?.();
          }}
          data-testid="signature-clear"
        >
          {t('clearSignature')}
        </Button>
      </div>
    </Field>
  );
});
