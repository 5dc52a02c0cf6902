// A modal dialog on Radix Dialog (focus trap, Escape, labelled by its title), never taller or
// wider than the screen.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { Button } from './Button.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A dialog's Close button; the props are Button's (its size and look). */
export function DialogCloseButton(props: Omit<ComponentProps<typeof Button>, 'children'>) {
  return (
    <DialogClose asChild>
      <Button {...props}>Close</Button>
    </DialogClose>
  );
}

export function DialogContent({
  className,
  title,
  description,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: ReactNode; description?: ReactNode }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-bark-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          // Fits any screen (a 390 px phone, a landscape tablet): the dialog scrolls, not the page.
          'max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain',
          'rounded-2xl bg-white p-6 shadow-xl focus-visible:outline-3 focus-visible:outline-meadow-700',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <DialogPrimitive.Title className="font-display text-xl font-bold text-bark-900">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-2 text-bark-700">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
