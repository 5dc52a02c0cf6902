// Kiosk check-in (SPEC §2, §4): 'Welcome back!', a phone, 'Check In' → a pending token for this
// location, stored as pending_token, then the member QR screen.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { FieldError, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useStartCheckin } from '@/features/checkin/api/start-checkin.ts';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { userMessage } from '@/lib/api-client.ts';
import { PHONE_DIGITS } from '@/lib/phone.ts';
import { clearVisitor, SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { KioskScreen } from './KioskScreen.tsx';

export function KioskCheckinPage() {
  const navigate = useNavigate();
  const start = useStartCheckin();
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone) {
      toast({ title: 'Phone Required', description: 'Please enter your phone number.', variant: 'destructive' });
      return;
    }
    if (phone.length < PHONE_DIGITS) {
      setProblem('Please enter all 10 digits of your phone number.');
      return;
    }
    setProblem(undefined);
    start.mutate(
      { locationId: kioskLocationId(), phone },
      {
        onSuccess: (result) => {
          clearVisitor();
          writeSession(SESSION_KEYS.pendingToken, result.token);
          void navigate('/kiosk/member-qr');
        },
        onError: (error) => {
          setProblem(userMessage(error));
          toast({
            title: 'Error',
            description: 'Customer not found or failed to check in. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <KioskScreen title="Check In">
      <div className="w-full max-w-2xl">
        <ButtonLink to="/kiosk" variant="ghost" size="lg" className="-ml-4">
          ← Back
        </ButtonLink>
        <h1 className="mt-4 font-display text-5xl font-bold">Welcome back!</h1>
        <p className="mt-2 text-2xl text-bark-700">Enter your phone number to check in.</p>
        <Card className="mt-6 p-8">
          <form noValidate onSubmit={submit} className="grid gap-5">
            <div>
              <Label htmlFor="kiosk-phone" className="text-xl">
                Phone number
              </Label>
              <PhoneInput
                id="kiosk-phone"
                className="min-h-16 text-2xl"
                value={phone}
                onChange={setPhone}
                aria-required="true"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'kiosk-phone-error' : undefined}
              />
              <FieldError id="kiosk-phone-error" message={problem} />
            </div>
            <Button type="submit" size="lg" className="min-h-16 text-2xl" disabled={start.isPending}>
              {start.isPending ? <Spinner /> : null}
              Check In
            </Button>
          </form>
        </Card>
        <ButtonLink to="/mobile/qr" variant="secondary" size="lg" className="mt-6 w-full min-h-16 text-xl">
          Show My Member QR on Phone
        </ButtonLink>
      </div>
    </KioskScreen>
  );
}
