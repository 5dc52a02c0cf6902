// Kiosk check-in (PRODUCT §2, §4): 'Welcome back!', a phone, 'Check In' → a pending token for this
// location, stored as pending_token, then the member QR screen.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useStartCheckin } from '@/features/checkin/api/start-checkin.ts';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { PhoneEntry } from '@/features/session/components/PhoneEntry.tsx';
import { ApiError, isTooSoon, userMessage } from '@/lib/api-client.ts';
import { clearVisitor, SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { PhoneHandoff } from '@/features/checkin/components/PhoneHandoff.tsx';
import { KioskFormScreen } from '@/app/components/KioskFormScreen.tsx';

export function KioskCheckinPage() {
  const navigate = useNavigate();
  const start = useStartCheckin();
  const [problem, setProblem] = useState<string | undefined>();
  // A phone that is not a member yet (404): offer to join with it.
  const [unknownPhone, setUnknownPhone] = useState<string | null>(null);
  const submit = (phone: string) => {
    setProblem(undefined);
    setUnknownPhone(null);
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
          if (error instanceof ApiError && error.status === 404) setUnknownPhone(phone);
          // Too soon (the visit limits): say when, not "not found".
          toast(
            isTooSoon(error)
              ? { title: 'Not Yet', description: userMessage(error), variant: 'destructive' }
              : {
                  title: 'Error',
                  description: 'Customer not found or failed to check in. Please try again.',
                  variant: 'destructive',
                },
          );
        },
      },
    );
  };
  return (
    <KioskFormScreen
      title="Check In"
      heading="Welcome back!"
      intro="Enter your phone number to check in."
    >
      <Card className="mt-6 p-8">
        <PhoneEntry
          id="kiosk-phone"
          label="Phone number"
          submitLabel="Check In"
          size="kiosk"
          pending={start.isPending}
          onSubmit={submit}
          serverProblem={problem}
        />
        {unknownPhone ? (
          <div className="mt-6 rounded-2xl bg-cream-100 p-5">
            <p className="text-xl font-semibold">Not a member yet? Join now — it takes a minute.</p>
            <ButtonLink
              to="/kiosk/signup"
              state={{ phone: unknownPhone }}
              size="lg"
              className="mt-3 min-h-16 w-full text-xl"
            >
              Join
            </ButtonLink>
          </div>
        ) : null}
      </Card>
      <PhoneHandoff
        label="Show My Member QR on Phone"
        path="/mobile/qr"
        what="your check-in QR code"
        className="mt-6 min-h-16 w-full text-xl"
      />
    </KioskFormScreen>
  );
}
