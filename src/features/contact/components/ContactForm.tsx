// The contact form (PRODUCT §2, §4, §5): name, email and message required ('Required Fields' /
// 'Please fill in all required fields.'), subject optional; 'Sending...' while the message is
// stored through POST /api/contact, then a success toast and a cleared form.
import { useEffect, useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import type { ContactMessageRequest } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { FieldError, Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { lazyResolver, VALIDATION_UNAVAILABLE } from '@/lib/lazy-resolver.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

type ContactInput = z.input<typeof ContactMessageRequest>;
type ContactValues = z.output<typeof ContactMessageRequest>;
// The contract's schema checks the form (contact-fields.ts), loaded once the form is on screen.
const resolver = lazyResolver(() => import('../contact-fields.ts').then((m) => m.contactResolver));
const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

export const CONTACT_SUCCESS_TOAST = {
  title: 'Message Sent!',
  description: "Thank you for contacting us. We'll get back to you within 1-2 business days.",
};

export function ContactForm() {
  const id = useId();
  const send = useSendContactMessage();
  const { register, handleSubmit, getValues, reset, formState } = useForm<
    ContactInput,
    unknown,
    ContactValues
  >({
    resolver,
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  useEffect(() => resolver.preload(), []);
  const onInvalid = (invalid: FieldErrors<ContactInput>) => {
    const { name, email, message } = getValues();
    if (invalid.root?.type === VALIDATION_UNAVAILABLE) {
      toast({ title: 'Error', description: invalid.root.message, variant: 'destructive' });
    } else if (!name?.trim() || !email?.trim() || !message?.trim()) {
      toast({
        title: 'Required Fields',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
    }
  };
  const onValid = (values: ContactValues) =>
    send.mutate(values, {
      onSuccess: () => {
        toast(CONTACT_SUCCESS_TOAST);
        reset(EMPTY);
      },
      onError: (error) =>
        toast({ title: 'Error', description: userMessage(error), variant: 'destructive' }),
    });
  const field = (name: keyof ContactInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Name *</Label>
          <Input
            autoComplete="name"
            aria-required="true"
            {...field('name')}
            {...register('name')}
          />
          <FieldError id={`${id}-name-error`} message={errors.name?.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>Email *</Label>
          <Input
            type="email"
            autoComplete="email"
            aria-required="true"
            {...field('email')}
            {...register('email')}
          />
          <FieldError
            id={`${id}-email-error`}
            message={errors.email ? 'Enter a valid email address.' : undefined}
          />
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-subject`}>Subject (Optional)</Label>
        <Input {...field('subject')} {...register('subject')} />
        <FieldError id={`${id}-subject-error`} message={errors.subject?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-message`}>Message *</Label>
        <Textarea rows={6} aria-required="true" {...field('message')} {...register('message')} />
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={send.isPending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {send.isPending ? (
          <>
            <Spinner /> Sending...
          </>
        ) : (
          'Send Message'
        )}
      </Button>
    </form>
  );
}
