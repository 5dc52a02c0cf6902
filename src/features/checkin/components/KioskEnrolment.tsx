// How staff enrol a kiosk: outside demo mode a kiosk approves visits only once it
// proved its location's enrolment code. Entered once: the enrolment belongs to this device's
// anonymous session, which supabase-js keeps in localStorage.
import { useState, type FormEvent } from 'react';
import type { KioskSessionResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useEnrolKiosk } from '../api/enrol-kiosk.ts';

export function KioskEnrolment(props: {
  businessName: string;
  onEnrolled: (session: KioskSessionResponse) => void;
}) {
  const enrol = useEnrolKiosk();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 8) {
      setError('An enrolment code has at least 8 characters.');
      return;
    }
    setError(undefined);
    enrol.mutate(
      { code: code.trim() },
      {
        onSuccess: (session) => {
          setCode('');
          toast({ title: 'Kiosk enrolled', description: `This kiosk now serves ${props.businessName}.` });
          props.onEnrolled(session);
        },
        onError: (failure) => setError(userMessage(failure)),
      },
    );
  };
  return (
    <Card className="w-full max-w-2xl p-8 text-left">
      <h2 className="font-display text-3xl font-bold">This kiosk is not set up yet</h2>
      <p className="mt-3 text-bark-700">
        Staff: enter the enrolment code of {props.businessName} once. An admin sets it in the admin
        dashboard. This device remembers it, so customers can then join and check in here.
      </p>
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
        <div>
          <Label htmlFor="kiosk-enrolment-code" className="text-lg">
            Enrolment code
          </Label>
          <Input
            id="kiosk-enrolment-code"
            autoComplete="off"
            className="min-h-14 text-xl"
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'kiosk-enrolment-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <FieldError id="kiosk-enrolment-error" message={error} />
        </div>
        <Button type="submit" size="lg" disabled={enrol.isPending}>
          {enrol.isPending ? <Spinner /> : null}
          Enrol this kiosk
        </Button>
      </form>
    </Card>
  );
}
