// Buttons and button-styled links: primary, secondary, ghost and destructive, ≥ 44 px tall.
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn.ts';

const styles = {
  primary: 'bg-meadow-700 text-white hover:bg-meadow-800 focus-visible:outline-meadow-700',
  secondary:
    'border border-bark-300 bg-white text-bark-900 hover:bg-cream-100 focus-visible:outline-bark-700',
  ghost: 'text-bark-900 hover:bg-cream-100 focus-visible:outline-bark-700',
  destructive: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
};
const sizes = {
  md: 'min-h-11 px-5 py-2.5 text-sm',
  lg: 'min-h-14 px-7 py-3 text-lg',
};
const base =
  'inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold transition ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

export type ButtonVariant = keyof typeof styles;
export type ButtonSize = keyof typeof sizes;

export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(base, styles[variant], sizes[size], className);
}

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }
>(function Button({ variant, size, className, type = 'button', ...props }, ref) {
  return (
    <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />
  );
});

export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
