// Text inputs, their labels and field messages: 44 px tall, visible focus, error styling via aria-invalid.
import {
  forwardRef,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn.ts';

export const inputClass =
  'block min-h-11 w-full rounded-xl border border-bark-300 bg-white px-3.5 py-2.5 text-base text-bark-900 ' +
  'placeholder:text-bark-500 focus-visible:border-meadow-700 focus-visible:outline-3 focus-visible:outline-meadow-700/40 ' +
  'aria-invalid:border-red-700 disabled:bg-cream-100';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    return <input ref={ref} className={cn(inputClass, className)} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(inputClass, 'min-h-32', className)} {...props} />;
});

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label
      className={cn('mb-1.5 block text-sm font-semibold text-bark-900', className)}
      {...props}
    />
  );
}

/** A field's error text; give it an id and point the input's aria-describedby at it. */
export function FieldError(props: { id: string; message?: string }) {
  if (!props.message) return null;
  return (
    <p id={props.id} className="mt-1.5 text-sm font-medium text-red-800">
      {props.message}
    </p>
  );
}
