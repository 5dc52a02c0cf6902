// A native select, styled like Input: native keeps keyboard, screen-reader and mobile pickers right.
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';
import { inputClass } from './Input.tsx';

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className, ...props }, ref) {
    return (
      <select ref={ref} className={cn(inputClass, 'cursor-pointer pr-8', className)} {...props} />
    );
  },
);
