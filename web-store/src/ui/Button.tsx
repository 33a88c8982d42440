import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'md' | 'lg';
  block?: boolean;
}

export function Button({ variant = 'primary', size = 'md', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'lg' ? styles.large : '', block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** The same look for links that behave like buttons. */
export function buttonClass(variant: Variant = 'primary', size: 'md' | 'lg' = 'md'): string {
  return [styles.button, styles[variant], size === 'lg' ? styles.large : ''].filter(Boolean).join(' ');
}
