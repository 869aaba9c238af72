import { makeStyles, tokens } from '@fluentui/react-components';
import { ImageOffRegular } from '@fluentui/react-icons';
import { useState } from 'react';

const useStyles = makeStyles({
  image: { display: 'block', inlineSize: '100%', blockSize: '100%', objectFit: 'cover' },
  placeholder: {
    display: 'grid',
    placeItems: 'center',
    inlineSize: '100%',
    blockSize: '100%',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    fontSize: '32px',
  },
});

/**
 * An image that falls back to a neutral placeholder when missing or broken. Lazy: a list
 * fetches only the images scrolled near. `srcSet` and `sizes` let the browser pick the
 * smallest file that is sharp at the size shown (and the screen's density).
 */
export function ImageWithFallback({ src, alt, srcSet, sizes }: { src: string | null | undefined; alt: string; srcSet?: string; sizes?: string }) {
  const styles = useStyles();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={styles.placeholder} role="img" aria-label={alt} data-testid="image-placeholder">
        <ImageOffRegular aria-hidden />
      </div>
    );
  }
  return <img className={styles.image} src={src} srcSet={srcSet} sizes={sizes} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
