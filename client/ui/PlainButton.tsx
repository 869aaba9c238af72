import type { ButtonHTMLAttributes } from 'react';

/**
 * A button drawn as Fluent's Button (plain.css), for the landing page and its header:
 * Fluent's own Button and its style engine are not in that page's JavaScript. The
 * appearances and sizes those pages use only.
 */
export function PlainButton({
  appearance = 'secondary',
  size = 'medium',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { appearance?: 'primary' | 'secondary' | 'outline'; size?: 'medium' | 'large' }) {
  const classes = ['plain-button', appearance !== 'secondary' && `plain-button--${appearance}`, size === 'large' && 'plain-button--large', className];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...props} />;
}
