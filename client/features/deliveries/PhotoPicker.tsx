import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { CameraRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DELIVERY_PHOTOS } from '../../../shared/schemas/delivery';
import { useFormat } from '../../i18n/format';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  tile: { position: 'relative', width: '72px', height: '72px' },
  img: { width: '72px', height: '72px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  remove: { position: 'absolute', insetBlockStart: '2px', insetInlineEnd: '2px', minWidth: 0 },
  input: { display: 'none' },
});

/**
 * Photos taken with the phone's camera (or chosen), up to `max` (MAX_DELIVERY_PHOTOS unless
 * given, with its hint), shown as thumbnails with a remove button; they are downscaled when the dialog saves.
 */
export function PhotoPicker({
  label,
  files,
  onChange,
  testId,
  max = MAX_DELIVERY_PHOTOS,
  hint,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  testId: string;
  max?: number;
  hint?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const input = useRef<HTMLInputElement>(null);
  // Made and revoked by the same effect, so a second run (StrictMode) makes them again.
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  const full = files.length >= max;
  return (
    <Field label={label} hint={hint ?? t('photosHint', { count: max })}>
      <div className={styles.row}>
        {files.map((file, i) => (
          <div key={`${file.name}-${i}`} className={styles.tile}>
            {urls[i] && <img className={styles.img} src={urls[i]} alt={t('photoN', { n: format.number(i + 1) })} />}
            <Button
              className={styles.remove}
              size="small"
              icon={<DismissRegular />}
              aria-label={t('removePhoto', { n: format.number(i + 1) })}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        <Button icon={<CameraRegular />} disabled={full} onClick={() => input.current?.click()}>
          {t('addPhoto')}
        </Button>
        <input
          ref={input}
          className={styles.input}
          type="file"
          accept="image/*"
          capture="environment"
          multiple={max > 1}
          data-testid={testId}
          onChange={(e) => {
            const chosen = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            if (chosen.length) onChange([...files, ...chosen].slice(0, max));
          }}
        />
      </div>
    </Field>
  );
}
