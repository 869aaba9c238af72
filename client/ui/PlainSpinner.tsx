import { useId, type HTMLAttributes } from 'react';

/**
 * A spinner drawn as Fluent's Spinner (plain.css), for the pages that load before Fluent's
 * components (the landing page's header, the page-wide loading state): a progress bar,
 * named by its label when it has one.
 */
export function PlainSpinner({
  size,
  label,
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { size: 'tiny' | 'large'; label?: string }) {
  const labelId = useId();
  const classes = ['plain-spinner', `plain-spinner--${size}`, label && 'plain-spinner--below', className];
  return (
    <div role="progressbar" aria-labelledby={label ? labelId : undefined} className={classes.filter(Boolean).join(' ')} {...props}>
      <span className="plain-spinner__ring">
        <span className="plain-spinner__tail" />
      </span>
      {label && (
        <label id={labelId} className="plain-spinner__label">
          {label}
        </label>
      )}
    </div>
  );
}
