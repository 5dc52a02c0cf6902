// The sign-up form, written once for the join pages and the kiosk (PRODUCT §2, §5): name, phone,
// optional email, optional SMS consent, and where the screen asks for it an optional neighbour's
// invitation code (never blocking: a code that is not one is said, and the sign-up goes on without
// it). Validation reuses the contract's request schema (signup-fields.ts, loaded once the form is
// on screen); a missing name or phone shows PRODUCT §5's 'Required Fields' toast.
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button.tsx';
import { Checkbox } from '@/components/ui/Checkbox.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { lazyResolver, VALIDATION_UNAVAILABLE } from '@/lib/lazy-resolver.ts';
import { isReferralCode, normalizeReferralCode } from '@/lib/referral-code.ts';
import { SMS_CONSENT_NOTICE, SMS_CONSENT_WORDING } from '../consent.ts';
import type { SignupFields } from '../signup-fields.ts';

type SignupInput = z.input<typeof SignupFields>;
/**
 * What the form hands over: the phone as 10 digits, email absent when empty, the invitation code
 * cleaned and absent when empty or not a code's shape.
 */
export type SignupValues = z.output<typeof SignupFields>;

const resolver = lazyResolver(() => import('../signup-fields.ts').then((m) => m.signupResolver));

export interface SignupFormProps {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: SignupValues) => void;
  /** Which optional fields this screen shows (both by default). */
  fields?: { email?: boolean; smsConsent?: boolean };
  /** The checkbox text; PRODUCT §2's wording by default. */
  consentLabel?: string;
  /** Labels: 'Full Name *' etc. on the join pages, plainer on the kiosk. */
  labels?: { name?: string; phone?: string; email?: string };
  size?: 'md' | 'lg';
  /** A phone to start from (10 digits), e.g. the number a kiosk did not find. */
  initialPhone?: string;
  /** The phone was already proven by a sign-in code: shown, not editable. */
  phoneVerified?: boolean;
  /** Ask for a neighbour's invitation code (optional field), starting from this one (a join link's ?ref=). */
  referral?: { initialCode?: string };
}

/** The code to send: cleaned, or nothing when empty or not a code's shape. */
export function referralCodeToSend(typed: string | undefined): string | undefined {
  const code = normalizeReferralCode(typed ?? '');
  return isReferralCode(code) ? code : undefined;
}

export function SignupForm(props: SignupFormProps) {
  const id = useId();
  const showEmail = props.fields?.email ?? true;
  const showConsent = props.fields?.smsConsent ?? true;
  const { register, control, handleSubmit, getValues, formState } = useForm<
    SignupInput,
    unknown,
    SignupValues
  >({
    resolver,
    defaultValues: {
      name: '',
      phone: props.initialPhone ?? '',
      email: '',
      smsConsent: false,
      referralCode: props.referral?.initialCode ?? '',
    },
  });
  const typedCode = useWatch({ control, name: 'referralCode' }) ?? '';
  const codeLooksWrong = typedCode.trim() !== '' && !isReferralCode(typedCode);
  const errors = formState.errors;
  useEffect(() => resolver.preload(), []);
  const onInvalid = (invalid: FieldErrors<SignupInput>) => {
    const { name, phone } = getValues();
    if (invalid.root?.type === VALIDATION_UNAVAILABLE) {
      toast({ title: 'Error', description: invalid.root.message, variant: 'destructive' });
    } else if (!name?.trim() || !phone) {
      toast({
        title: 'Required Fields',
        description: 'Please enter your name and phone number.',
        variant: 'destructive',
      });
    }
  };
  const described = (field: string, has: boolean) => (has ? `${id}-${field}-error` : undefined);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        (values) => props.onSubmit({ ...values, referralCode: referralCodeToSend(values.referralCode) }),
        onInvalid,
      )}
      className="grid gap-5"
    >
      <div>
        <Label htmlFor={`${id}-name`}>{props.labels?.name ?? 'Full Name *'}</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          aria-required="true"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name', !!errors.name)}
          {...register('name')}
        />
        <FieldError id={`${id}-name-error`} message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-phone`}>{props.labels?.phone ?? 'Phone Number *'}</Label>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              id={`${id}-phone`}
              aria-required="true"
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={
                props.phoneVerified ? `${id}-phone-verified` : described('phone', !!errors.phone)
              }
              readOnly={props.phoneVerified}
              className="read-only:bg-cream-100"
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {props.phoneVerified ? (
          <p id={`${id}-phone-verified`} className="mt-1 text-sm font-semibold text-meadow-800">
            ✓ Verified by your sign-in code: no second code needed.
          </p>
        ) : null}
        <FieldError id={`${id}-phone-error`} message={errors.phone?.message} />
      </div>
      {showEmail ? (
        <div>
          <Label htmlFor={`${id}-email`}>{props.labels?.email ?? 'Email Address (Optional)'}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email', !!errors.email)}
            {...register('email')}
          />
          <FieldError
            id={`${id}-email-error`}
            message={errors.email ? 'Enter a valid email address, or leave it empty.' : undefined}
          />
        </div>
      ) : null}
      {props.referral ? (
        <div>
          <Label htmlFor={`${id}-referral`}>Invitation code (optional)</Label>
          <Input
            id={`${id}-referral`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-describedby={`${id}-referral-hint`}
            {...register('referralCode')}
          />
          <p id={`${id}-referral-hint`} className="mt-1 text-sm text-bark-700" aria-live="polite">
            {codeLooksWrong
              ? "That doesn't look like an invitation code (6 letters and numbers). You can still join: it will be left out."
              : "From a neighbour who invited you. Leave it empty if you don't have one."}
          </p>
        </div>
      ) : null}
      {showConsent ? (
        <Checkbox
          id={`${id}-consent`}
          label={props.consentLabel ?? SMS_CONSENT_WORDING}
          hint={SMS_CONSENT_NOTICE}
          {...register('smsConsent')}
        />
      ) : null}
      <Button type="submit" size={props.size ?? 'lg'} disabled={props.pending} className="w-full">
        {props.pending ? (
          <>
            <Spinner /> {props.pendingLabel}
          </>
        ) : (
          props.submitLabel
        )}
      </Button>
      <p className="text-center text-sm text-bark-700">
        By joining you agree to the{' '}
        <Link to="/privacy" className="text-meadow-800 underline">
          terms and privacy policy
        </Link>
        .
      </p>
    </form>
  );
}
