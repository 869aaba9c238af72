/**
 * The photos of a product in its dialog: take one with the camera or choose files, up to
 * the most a product may have; the first is the cover; move a photo earlier or later,
 * remove it. Nothing is written until the dialog is saved (`PhotoDraft`): then new photos
 * join the device's upload queue, removed and reordered ones go through the outbox.
 *
 * The list reads, in this order: the photos the server has (in the draft's order), then
 * those on their way from this device (in the order they are sent, with their progress or
 * the server's reason for refusing one), then the ones chosen in this dialog. A photo on
 * its way takes its place among the others once the server has it, so only photos of the
 * same group can swap places.
 */
import { Button, Caption1, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { CameraRegular, ChevronLeftRegular, ChevronRightRegular, DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS_PER_PRODUCT, photoUrl, type ProductPhoto } from '../../../shared/schemas/photo';
import type { UploadRow } from '../../data/db/schema';
import { useFormat } from '../../i18n/format';
import { useUploadProgress } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, border: 'none', margin: 0, padding: 0, minInlineSize: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: 0, marginBlockEnd: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground2 },
  grid: { display: 'grid', gap: tokens.spacingHorizontalS, gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', listStyleType: 'none', margin: 0, padding: 0 },
  tile: { display: 'grid', gap: tokens.spacingVerticalXXS, alignContent: 'start', minInlineSize: 0 },
  frame: {
    position: 'relative',
    aspectRatio: '1',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  image: { display: 'block', inlineSize: '100%', blockSize: '100%', objectFit: 'cover' },
  cover: {
    position: 'absolute',
    insetBlockStart: tokens.spacingVerticalXS,
    insetInlineStart: tokens.spacingHorizontalXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase200,
  },
  tools: { display: 'flex', justifyContent: 'space-between' },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
  status: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  refused: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  pickers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
  notice: { color: tokens.colorPaletteRedForeground1 },
});

/** A photo chosen in this dialog, not stored yet. */
interface AddedPhoto {
  key: string;
  file: File;
}

/** What the dialog will do to the photos when it is saved. */
export interface PhotoDraft {
  /** The server's photos in the order chosen (null: as they are). */
  order: string[] | null;
  /** Server photos to remove. */
  removed: ReadonlySet<string>;
  /** Photos on their way (or refused) to forget. */
  cancelled: ReadonlySet<string>;
  added: AddedPhoto[];
}

export const emptyDraft = (): PhotoDraft => ({ order: null, removed: new Set(), cancelled: new Set(), added: [] });

/** The server's photos as the draft shows them: its order first, photos it does not know yet after. */
export function draftedServerPhotos(photos: readonly ProductPhoto[], draft: PhotoDraft): ProductPhoto[] {
  const live = photos.filter((p) => !draft.removed.has(p.id));
  if (!draft.order) return live;
  const rank = new Map(draft.order.map((id, i) => [id, i]));
  return [...live].sort((a, b) => (rank.get(a.id) ?? rank.size) - (rank.get(b.id) ?? rank.size));
}

/** A Blob shown as an image: an object URL that lives as long as the component. */
function useObjectUrl(blob: Blob): string {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

export function PhotoManager({
  photos,
  uploads,
  draft,
  onChange,
}: {
  photos: readonly ProductPhoto[];
  uploads: readonly UploadRow[];
  draft: PhotoDraft;
  onChange: (draft: PhotoDraft) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['photos', 'common', 'errors']);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const server = draftedServerPhotos(photos, draft);
  const onTheirWay = uploads.filter((u) => !draft.cancelled.has(u.id));
  const counted = server.length + onTheirWay.filter((u) => u.status !== 'refused').length + draft.added.length;
  const room = Math.max(0, MAX_PHOTOS_PER_PRODUCT - counted);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file can be chosen again
    if (!files.length) return;
    const taken = files.slice(0, room);
    setNotice(files.length > room ? t('tooMany', { count: MAX_PHOTOS_PER_PRODUCT, left: room }) : null);
    if (taken.length) onChange({ ...draft, added: [...draft.added, ...taken.map((file) => ({ key: crypto.randomUUID(), file }))] });
  };

  const swap = <T,>(list: readonly T[], i: number, j: number): T[] => {
    const next = [...list];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  };
  const moveServer = (i: number, j: number) => onChange({ ...draft, order: swap(server, i, j).map((p) => p.id) });
  const moveAdded = (i: number, j: number) => onChange({ ...draft, added: swap(draft.added, i, j) });

  // Numbered in the order shown; the cover is the first photo that is not refused.
  let n = 0;
  const firstKept = server[0]?.id ?? onTheirWay.find((u) => u.status !== 'refused')?.id ?? draft.added[0]?.key;
  return (
    <fieldset className={styles.root} data-testid="photo-manager">
      <legend className={styles.legend}>{t('title')}</legend>
      <Caption1 className={styles.hint}>{t('hint', { count: MAX_PHOTOS_PER_PRODUCT })}</Caption1>
      {counted + onTheirWay.length > 0 && (
        <ul className={styles.grid} data-testid="photo-list">
          {server.map((photo, i) => {
            const index = n++;
            return (
              <Tile
                key={photo.id}
                index={index}
                cover={photo.id === firstKept}
                src={photoUrl(photo.hash, 160)}
                srcSet={`${photoUrl(photo.hash, 160)} 160w, ${photoUrl(photo.hash, 480)} 480w`}
                earlier={i > 0 ? () => moveServer(i, i - 1) : undefined}
                later={i < server.length - 1 ? () => moveServer(i, i + 1) : undefined}
                onRemove={() => onChange({ ...draft, removed: new Set([...draft.removed, photo.id]) })}
                testId="photo-saved"
              />
            );
          })}
          {onTheirWay.map((row) => (
            <UploadTile key={row.id} row={row} index={n++} cover={row.id === firstKept} onRemove={() => onChange({ ...draft, cancelled: new Set([...draft.cancelled, row.id]) })} />
          ))}
          {draft.added.map((added, i) => {
            const index = n++;
            return (
              <AddedTile
                key={added.key}
                added={added}
                index={index}
                cover={added.key === firstKept}
                earlier={i > 0 ? () => moveAdded(i, i - 1) : undefined}
                later={i < draft.added.length - 1 ? () => moveAdded(i, i + 1) : undefined}
                onRemove={() => onChange({ ...draft, added: draft.added.filter((a) => a.key !== added.key) })}
              />
            );
          })}
        </ul>
      )}
      {notice && (
        <Caption1 className={styles.notice} role="alert">
          {notice}
        </Caption1>
      )}
      {room === 0 ? (
        <Caption1 className={styles.hint}>{t('full', { count: MAX_PHOTOS_PER_PRODUCT })}</Caption1>
      ) : (
        <div className={styles.pickers}>
          <Button icon={<CameraRegular />} onClick={() => cameraInput.current?.click()} data-testid="photo-camera">
            {t('camera')}
          </Button>
          <Button icon={<ImageAddRegular />} onClick={() => fileInput.current?.click()} data-testid="photo-choose">
            {t('choose')}
          </Button>
        </div>
      )}
      {/* capture: a phone opens its camera; a desktop browser ignores it and opens the file picker. */}
      <input ref={cameraInput} className={styles.hidden} type="file" accept="image/*" capture="environment" onChange={pick} tabIndex={-1} aria-hidden data-testid="photo-camera-input" />
      <input ref={fileInput} className={styles.hidden} type="file" accept="image/*" multiple onChange={pick} tabIndex={-1} aria-hidden data-testid="photo-input" />
    </fieldset>
  );
}

function Tile({
  index,
  cover,
  src,
  srcSet,
  earlier,
  later,
  onRemove,
  status,
  testId,
}: {
  index: number;
  cover: boolean;
  src: string;
  srcSet?: string;
  earlier?: () => void;
  later?: () => void;
  onRemove: () => void;
  status?: ReactNode;
  testId: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('photos');
  const n = index + 1;
  return (
    <li className={styles.tile} data-testid={testId}>
      <div className={styles.frame}>
        <img className={styles.image} src={src} srcSet={srcSet} sizes="104px" alt={t('photoAlt', { n })} />
        {cover && (
          <span className={styles.cover} data-testid="photo-cover">
            {t('cover')}
          </span>
        )}
      </div>
      <div className={styles.tools}>
        {/* Earlier is toward the start of the line: right in Arabic, left in English. */}
        <Button size="small" appearance="subtle" icon={<ChevronLeftRegular className={styles.flip} />} aria-label={t('moveEarlier', { n })} disabled={!earlier} onClick={earlier} />
        <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('remove', { n })} onClick={onRemove} data-testid="photo-remove" />
        <Button size="small" appearance="subtle" icon={<ChevronRightRegular className={styles.flip} />} aria-label={t('moveLater', { n })} disabled={!later} onClick={later} />
      </div>
      {status}
    </li>
  );
}

function AddedTile({ added, index, cover, earlier, later, onRemove }: { added: AddedPhoto; index: number; cover: boolean; earlier?: () => void; later?: () => void; onRemove: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('photos');
  const url = useObjectUrl(added.file);
  return <Tile index={index} cover={cover} src={url} earlier={earlier} later={later} onRemove={onRemove} testId="photo-added" status={<Caption1 className={styles.status}>{t('notSaved')}</Caption1>} />;
}

function UploadTile({ row, index, cover, onRemove }: { row: UploadRow; index: number; cover: boolean; onRemove: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['photos', 'common', 'errors']);
  const url = useObjectUrl(row.blob);
  const progress = useUploadProgress(row.id);
  const format = useFormat();
  let status: ReactNode;
  if (row.status === 'refused') {
    status = (
      <Caption1 className={styles.refused} role="alert" data-testid="photo-refused">
        {t('refused', { reason: refusalReason(t, row) })}
      </Caption1>
    );
  } else if (row.status === 'sent') {
    status = <Caption1 className={styles.status}>{t('sent')}</Caption1>;
  } else {
    const value = progress && progress.total ? progress.sent / progress.total : 0;
    status = (
      <>
        <ProgressBar value={value} thickness="large" aria-label={t('uploading', { percent: format.number(value, { style: 'percent', maximumFractionDigits: 0 }) })} data-testid="photo-progress" />
        <Caption1 className={styles.status}>{progress ? t('uploading', { percent: format.number(value, { style: 'percent', maximumFractionDigits: 0 }) }) : t('waiting')}</Caption1>
      </>
    );
  }
  return (
    <Tile
      index={index}
      cover={cover}
      src={url}
      onRemove={onRemove}
      testId={row.status === 'refused' ? 'photo-refused-tile' : 'photo-uploading'}
      status={status}
    />
  );
}

/** The server's reason for refusing a photo, in the reader's language. */
export function refusalReason(t: TFunction<readonly ['photos', 'common']>, row: Pick<UploadRow, 'code' | 'error'>): string {
  return row.code ? t(`errors:${row.code}`, { defaultValue: t('photos:unknownReason') }) : t('photos:unknownReason');
}
