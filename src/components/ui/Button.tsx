// Buttons and button-styled links in the app's two weights.
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

const styles = {
  primary: 'bg-meadow-700 text-white hover:bg-meadow-800 focus-visible:outline-meadow-700',
  secondary:
    'border border-bark-300 bg-white text-bark-900 hover:bg-cream-100 focus-visible:outline-bark-700',
};
const base =
  'inline-flex items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold transition ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60';

type Variant = keyof typeof styles;

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button className={`${base} ${styles[variant]} ${className}`} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: Variant }) {
  return <Link className={`${base} ${styles[variant]} ${className}`} {...props} />;
}
